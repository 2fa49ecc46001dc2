import type { PrincipalRole } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { insertAudit } from './audit-repository';

/**
 * Who makes an operator call: a person on the staff, or the operator token (docs/decisions/162,
 * 163). The route hands it to the service, which records what it changed with it.
 */
export type Actor = {
  kind: 'staff' | 'token';
  staffId: number | null;
  email: string | null;
  /** `anonymous` for a sign-in attempt, before anyone has proved who they are. */
  role: PrincipalRole | 'anonymous';
  /** The client's address as the app trusts it (docs/decisions/060). */
  ip: string;
  userAgent: string | null;
};

/** How the audit log names who acted: the person's e-mail, or `token` for the operator token (its `actor` filter: docs/decisions/162). */
export const auditActorName = (actor: Actor): string => actor.email ?? 'token';

/** One change on one object; `before` and `after` are masked before they are written. */
export type AuditChange = {
  action: string;
  objectType: string;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
};

/** Never written at all: what proves who someone is (a one-time code by its usual names, not any `…Code`). */
const SECRET_KEY = /password|secret|token|hash|^(code|smsCode|verifyCode|otp|cvv)$/i;
/** Written with all but their last four characters hidden: personal ids and accounts. */
const PERSONAL_ID_KEY = /curp|rfc|pan$|nationalid|aadhaar|clabe|accountnumber|phone|ifsc|card/i;

function masked(value: unknown, key = ''): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (SECRET_KEY.test(key)) return '[hidden]';
  if (PERSONAL_ID_KEY.test(key) && (typeof value === 'string' || typeof value === 'number')) {
    const text = String(value);
    return `${'•'.repeat(Math.max(0, text.length - 4))}${text.slice(-4)}`;
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => masked(item, key));
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, masked(item, name)]));
  return value;
}

/**
 * Writes the audit entry of a change in the caller's transaction: the entry and the change commit
 * together or not at all (docs/decisions/162).
 */
export async function recordAudit(tx: Queryable, actor: Actor, change: AuditChange, at: Date = new Date()): Promise<void> {
  await insertAudit(tx, {
    at,
    actorKind: actor.kind,
    actorId: actor.staffId,
    actorEmail: actor.email,
    role: actor.role,
    action: change.action,
    objectType: change.objectType,
    objectId: String(change.objectId),
    before: change.before === undefined ? null : masked(change.before),
    after: change.after === undefined ? null : masked(change.after),
    ip: actor.ip.slice(0, 64),
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
  });
}

/**
 * The entry of a run an operator asked for (a sweep, a reconciliation, a report): the run changes
 * many rows in transactions of its own, so who asked, and with what, is written first, in its own
 * transaction (docs/decisions/162).
 */
export function recordRun(db: Queryable, actor: Actor, change: AuditChange, at: Date = new Date()): Promise<void> {
  return db.transaction((tx) => recordAudit(tx, actor, change, at));
}
