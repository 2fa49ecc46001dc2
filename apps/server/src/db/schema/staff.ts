import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** People on the lender's staff who call the operator API with a session (docs/decisions/160, 164). */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Kept as typed, lower-cased; unique whatever its case. */
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    /** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash so they can be raised later. */
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** The authenticator's secret, AES-256-GCM under STAFF_SECRET_KEY; set at the first sign-in. */
    totpSecret: text('totp_secret'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true, mode: 'date' }),
    /** The newest 30-second step a code was accepted for: a code is good once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Failed attempts in a row, and the lock they set, from devices this account never signed in on. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** The same from devices it has signed in on: failures elsewhere cannot lock these out (docs/decisions/219). */
    knownFailedAttempts: integer('known_failed_attempts').notNull().default(0),
    knownLockedUntil: timestamp('known_locked_until', { withTimezone: true, mode: 'date' }),
    /** The administrator who made the account; none for the first, made from the command line. */
    createdByStaffId: integer('created_by_staff_id'),
    /** Asked to act as administrator (made one, or raised to one), waiting for a second administrator (docs/decisions/219). */
    adminRequestedAt: timestamp('admin_requested_at', { withTimezone: true, mode: 'date' }),
    adminRequestedByStaffId: integer('admin_requested_by_staff_id'),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_accounts_email_idx').on(sql`lower(${t.email})`),
    check('staff_accounts_role_check', sql`${t.role} in ('agent', 'credit-officer', 'admin')`),
  ],
);

/** Staff sessions, by the hash of the cookie's token; `second-factor` waits for the code (docs/decisions/160). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    stage: varchar('stage', { length: 16 }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** SHA-256 of the device cookie the sign-in came with: a device this account has signed in on before (docs/decisions/219). */
    deviceHash: varchar('device_hash', { length: 64 }),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    index('staff_sessions_device_idx').on(t.staffId, t.deviceHash),
    check('staff_sessions_stage_check', sql`${t.stage} in ('second-factor', 'open')`),
  ],
);

/**
 * Who did what on the operator API, written in the transaction of the change it records;
 * append-only, guarded by the database as the ledger is (docs/decisions/162, 114).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorKind: varchar('actor_kind', { length: 8 }).notNull(),
    actorId: integer('actor_id'),
    actorEmail: varchar('actor_email', { length: 254 }),
    role: varchar('role', { length: 16 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    objectType: varchar('object_type', { length: 32 }).notNull(),
    objectId: varchar('object_id', { length: 64 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.id),
    index('audit_log_actor_idx').on(t.actorEmail, t.id),
    index('audit_log_at_idx').on(t.at),
    check('audit_log_actor_kind_check', sql`${t.actorKind} in ('staff', 'token')`),
  ],
);
