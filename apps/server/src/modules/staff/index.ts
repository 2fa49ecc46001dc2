/**
 * The lender's staff: accounts, sign-in with a password and an authenticator, sessions, the
 * roles of every operator route, and the audit log every operator change writes in its own
 * transaction (docs/decisions/160–165).
 */
export { auditActorName, recordAudit, recordRun, type Actor, type AuditChange } from './audit';
export { actorOf, operatorAccess } from './operator-access';
export { OPERATOR_ROUTE_CATALOGUE } from './route-catalogue';
export { OPERATOR_ROUTE_ROLES, routeKey, type RouteAccess } from './route-roles';
export { removeStaffSessionsOverBefore } from './sign-in-service';
export { auditEntries, confirmAdminByEmail, createFirstAdmin, isSecondPerson, staffList, staffNames } from './staff-admin-service';
export { staffRoutes } from './staff-routes';
export type { StaffDeps } from './staff-settings';
export { activeStaffOfRole, staffEmails } from './staff-repository';
