import { ErrorCode, type AuditQuery, type StaffRole } from '@lend/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { violatedUniqueKey } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from './audit';
import { auditPage } from './audit-repository';
import { hashPassword, temporaryPassword } from './passwords';
import { auditView, staffView } from './staff-presenter';
import { countActiveAdmins, countStaff, endSessionsOf, findStaff, findStaffByEmail, insertStaff, listStaff, lockStaff, updateStaff, type StaffRow } from './staff-repository';

/**
 * A new account with a temporary password, shown once, that its holder must change at first
 * sign-in (docs/decisions/160). One made administrator by an administrator acts as an agent until a
 * second administrator confirms it (docs/decisions/219); the first, made from the command line, is one at once.
 */
async function createAccount(tx: Tx, actor: Actor, input: { email: string; name: string; role: StaffRole }, now: Date, firstAdmin = false) {
  const password = temporaryPassword();
  const waits = input.role === 'admin' && !firstAdmin;
  let staff: StaffRow;
  try {
    staff = await insertStaff(tx, {
      email: input.email.toLowerCase(),
      name: input.name,
      role: waits ? 'agent' : input.role,
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      createdByStaffId: actor.staffId,
      ...(waits ? { adminRequestedAt: now, adminRequestedByStaffId: actor.staffId } : {}),
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (violatedUniqueKey(error) !== undefined) throw new AppError(ErrorCode.StaffEmailTaken, 'email');
    throw error;
  }
  await recordAudit(tx, actor, { action: 'staff.created', objectType: 'staff', objectId: staff.id, after: staffView(staff) }, now);
  return { staff: staffView(staff), temporaryPassword: password };
}

export function createStaff(db: Db, actor: Actor, input: { email: string; name: string; role: StaffRole }, now: Date) {
  return db.transaction((tx) => createAccount(tx, actor, input, now));
}

/**
 * The first administrator, from the command line on the database itself: nobody can sign in yet.
 * Refused once any account exists; the table is locked so two at once make one.
 */
export function createFirstAdmin(db: Db, actor: Actor, input: { email: string; name: string }, now: Date) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table staff_accounts in exclusive mode`);
    if ((await countStaff(tx)) > 0) throw new AppError(ErrorCode.StaffAccountsExist);
    return createAccount(tx, actor, { ...input, role: 'admin' }, now, true);
  });
}

/**
 * Whether `actor` may be the second person on what `askedBy` asked: not the one who asked, and not
 * the administrator who made the account that asked (docs/decisions/219).
 */
export async function isSecondPerson(db: Queryable, actorStaffId: number, askedBy: number | null): Promise<boolean> {
  if (askedBy === null) return true;
  if (askedBy === actorStaffId) return false;
  const asker = await findStaff(db, askedBy);
  return asker?.createdByStaffId !== actorStaffId;
}

/** What a person is called, lower-cased: their e-mail, its name part and their display name. */
export async function staffNames(db: Queryable, staffId: number): Promise<string[]> {
  const staff = await findStaff(db, staffId);
  if (!staff) return [];
  return [staff.email, staff.email.split('@')[0] ?? '', staff.name].map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
}

/** A second administrator, or whoever holds the database (`actor` of the command line), confirms an account asked to be administrator. */
async function confirmIn(tx: Tx, actor: Actor, staff: StaffRow, now: Date) {
  if (staff.adminRequestedAt === null) throw new AppError(ErrorCode.StaffAdminNotRequested);
  if (actor.kind === 'staff') {
    if (actor.staffId === null || actor.staffId === staff.id || !(await isSecondPerson(tx, actor.staffId, staff.adminRequestedByStaffId))) {
      throw new AppError(ErrorCode.StaffAdminConfirmOwn);
    }
  }
  const updated = await updateStaff(tx, staff.id, { role: 'admin', adminRequestedAt: null, adminRequestedByStaffId: null }, now);
  await endSessionsOf(tx, staff.id, now);
  await recordAudit(tx, actor, { action: 'staff.confirm-admin', objectType: 'staff', objectId: staff.id, before: staffView(staff), after: staffView(updated) }, now);
  return staffView(updated);
}

export function confirmAdmin(db: Db, actor: Actor, staffId: number, now: Date) {
  return db.transaction(async (tx) => {
    const staff = await lockStaff(tx, staffId);
    if (!staff) throw new AppError(ErrorCode.StaffNotFound);
    return confirmIn(tx, actor, staff, now);
  });
}

/** From the command line on the database itself: for the second administrator, when there is no other to confirm it. */
export function confirmAdminByEmail(db: Db, actor: Actor, email: string, now: Date) {
  return db.transaction(async (tx) => {
    const found = await findStaffByEmail(tx, email);
    const staff = found ? await lockStaff(tx, found.id) : undefined;
    if (!staff) throw new AppError(ErrorCode.StaffNotFound);
    return confirmIn(tx, actor, staff, now);
  });
}

export async function staffList(db: Db) {
  return { items: (await listStaff(db)).map(staffView) };
}

type AccountChange = 'role' | 'disable' | 'reset-totp';

/** A role raised to administrator waits for a second administrator; any other role takes effect at once and ends such a wait. */
function roleChange(staff: StaffRow, role: StaffRole, actor: Actor, now: Date) {
  if (role !== 'admin') return { role, adminRequestedAt: null, adminRequestedByStaffId: null };
  if (staff.role === 'admin') return {};
  return { adminRequestedAt: now, adminRequestedByStaffId: actor.staffId };
}

/**
 * An administrator changes an account: its role, disables it, or clears its authenticator so the
 * next sign-in enrols a new one. Each ends the account's sessions; the last active administrator
 * is never demoted or disabled.
 */
export function changeStaff(db: Db, actor: Actor, staffId: number, change: AccountChange, role: StaffRole | undefined, now: Date) {
  return db.transaction(async (tx) => {
    const staff = await lockStaff(tx, staffId);
    if (!staff) throw new AppError(ErrorCode.StaffNotFound);
    const losesAdmin = staff.role === 'admin' && staff.disabledAt === null && (change === 'disable' || (change === 'role' && role !== 'admin'));
    if (losesAdmin) {
      await tx.execute(sql`select id from staff_accounts where role = 'admin' for update`);
      if ((await countActiveAdmins(tx)) <= 1) throw new AppError(ErrorCode.StaffLastAdmin);
    }
    const values = change === 'role' ? roleChange(staff, role ?? (staff.role as StaffRole), actor, now) : change === 'disable' ? { disabledAt: staff.disabledAt ?? now } : { totpSecret: null, totpEnrolledAt: null, totpLastStep: null };
    const updated = await updateStaff(tx, staff.id, values, now);
    await endSessionsOf(tx, staff.id, now);
    await recordAudit(tx, actor, { action: `staff.${change}`, objectType: 'staff', objectId: staff.id, before: staffView(staff), after: staffView(updated) }, now);
    return staffView(updated);
  });
}

export async function auditEntries(db: Db, query: AuditQuery) {
  const page = pageRequest(query, idCursor);
  const rows = await auditPage(
    db,
    {
      ...(query.actor === undefined ? {} : { actor: query.actor }),
      ...(query.objectType === undefined ? {} : { objectType: query.objectType }),
      ...(query.objectId === undefined ? {} : { objectId: query.objectId }),
      ...(query.from === undefined ? {} : { from: new Date(query.from) }),
      ...(query.to === undefined ? {} : { to: new Date(query.to) }),
    },
    page,
  );
  return toPage(rows, page, (row) => [row.id], auditView);
}
