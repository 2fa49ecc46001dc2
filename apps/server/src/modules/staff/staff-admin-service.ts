import { ErrorCode, type AuditQuery, type StaffRole } from '@lend/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { violatedUniqueKey } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from './audit';
import { auditPage } from './audit-repository';
import { hashPassword, temporaryPassword } from './passwords';
import { auditView, staffView } from './staff-presenter';
import { countActiveAdmins, countStaff, endSessionsOf, insertStaff, listStaff, lockStaff, updateStaff, type StaffRow } from './staff-repository';

/** A new account with a temporary password, shown once, that its holder must change at first sign-in (docs/decisions/160). */
async function createAccount(tx: Tx, actor: Actor, input: { email: string; name: string; role: StaffRole }, now: Date) {
  const password = temporaryPassword();
  let staff: StaffRow;
  try {
    staff = await insertStaff(tx, { email: input.email.toLowerCase(), name: input.name, role: input.role, passwordHash: await hashPassword(password), mustChangePassword: true, createdAt: now, updatedAt: now });
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
    return createAccount(tx, actor, { ...input, role: 'admin' }, now);
  });
}

export async function staffList(db: Db) {
  return { items: (await listStaff(db)).map(staffView) };
}

type AccountChange = 'role' | 'disable' | 'reset-totp';

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
    const values =
      change === 'role' ? { role: role ?? staff.role } : change === 'disable' ? { disabledAt: staff.disabledAt ?? now } : { totpSecret: null, totpEnrolledAt: null, totpLastStep: null };
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
