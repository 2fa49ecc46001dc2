import type { StaffRole, StaffView } from '@lend/contracts';
import type { AuditRow } from './audit-repository';
import type { StaffRow } from './staff-repository';

export function staffView(staff: StaffRow): StaffView {
  return {
    staffId: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role as StaffRole,
    disabled: staff.disabledAt !== null,
    totpEnrolled: staff.totpEnrolledAt !== null,
    adminPending: staff.adminRequestedAt !== null,
    mustChangePassword: staff.mustChangePassword,
    lockedUntil: staff.lockedUntil?.toISOString() ?? null,
    createdAt: staff.createdAt.toISOString(),
  };
}

/** What an audit entry records, without its secrets: they were never written. */
export function auditView(row: AuditRow) {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorKind: row.actorKind as 'staff' | 'token',
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    role: row.role,
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    before: row.before,
    after: row.after,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}
