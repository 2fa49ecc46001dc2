import { ErrorCode, StaffPath } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, staffAccounts, staffSessions } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import {
  codeAt,
  codeStep,
  createAdminByCli,
  firstSignIn,
  MINUTE,
  passwordStep,
  signIn,
  signedInAdmin,
  staffCall,
  staffCookie,
  testClock,
  type Clock,
} from './staff-helpers';

const PASSWORD = 'correct horse battery staple';

describe('staff sign-in (docs/decisions/160)', () => {
  let t: TestApp;
  let clock: Clock;
  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({ now: clock.now });
  });
  afterEach(async () => t?.close());

  it('creates the first administrator from the command line on an empty table only', async () => {
    const created = await createAdminByCli(t, 'Ana@Lender.example', 'Ana');
    expect(created).toMatchObject({ staffId: expect.any(Number), email: 'ana@lender.example', temporaryPassword: expect.any(String) });
    const [row] = await t.database.db.select().from(staffAccounts);
    expect(row).toMatchObject({ role: 'admin', mustChangePassword: true, totpSecret: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row?.passwordHash).not.toContain(created.temporaryPassword);
    await expect(createAdminByCli(t, 'other@lender.example')).rejects.toThrow(/Staff accounts already exist.*9013/);
    expect(await t.database.db.select().from(staffAccounts)).toHaveLength(1);
  });

  it('enrols the authenticator at the first sign-in and asks for a code every time after', async () => {
    const created = await createAdminByCli(t, 'ana@lender.example');
    const first = await passwordStep(t, 'ana@lender.example', created.temporaryPassword);
    expect(first.body.data).toMatchObject({ step: 'enrol', enrolment: { otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\/.*secret=/) } });
    const secret = first.body.data.enrolment?.secret ?? '';
    // The secret is stored sealed, never as handed out.
    const [sealed] = await t.database.db.select({ totpSecret: staffAccounts.totpSecret }).from(staffAccounts);
    expect(sealed?.totpSecret).toMatch(/^v1\./);
    expect(sealed?.totpSecret).not.toContain(secret);

    // No session opens before a code confirms the enrolment.
    expect((await staffCall(t, { cookie: first.cookie }, 'GET', StaffPath.me)).code).toBe(ErrorCode.StaffSessionRequired);
    const opened = await codeStep(t, { cookie: first.cookie, csrf: first.body.data.csrfToken }, await codeAt(secret, clock.now()));
    expect(opened.body).toMatchObject({ code: 0, data: { email: 'ana@lender.example', role: 'admin', mustChangePassword: true } });
    // The session's token is not the step's.
    expect(opened.cookie).not.toBe(first.cookie);
    expect((await staffCall(t, { cookie: first.cookie }, 'GET', StaffPath.me)).code).toBe(ErrorCode.StaffSessionRequired);

    // Until the temporary password is changed nothing else is allowed.
    const session = { cookie: opened.cookie, csrf: opened.body.data.csrfToken };
    expect((await staffCall(t, session, 'GET', StaffPath.accounts)).code).toBe(ErrorCode.StaffPasswordChangeRequired);
    expect((await staffCall(t, session, 'POST', StaffPath.password, { currentPassword: created.temporaryPassword, newPassword: PASSWORD })).code).toBe(0);
    expect((await staffCall(t, session, 'GET', StaffPath.accounts)).code).toBe(0);

    clock.advance(30_000);
    const again = await passwordStep(t, 'ana@lender.example', PASSWORD);
    expect(again.body.data).toMatchObject({ step: 'totp', enrolment: null });
    const wrongCsrf = await codeStep(t, { cookie: again.cookie, csrf: 'nope' }, await codeAt(secret, clock.now()));
    expect(wrongCsrf.body.code).toBe(ErrorCode.StaffCsrfRefused);
    expect((await codeStep(t, { cookie: again.cookie, csrf: again.body.data.csrfToken }, await codeAt(secret, clock.now()))).body.code).toBe(0);
  });

  it('accepts a code of the step before or after, and each code once', async () => {
    const admin = await signedInAdmin(t, clock);
    clock.advance(2 * MINUTE);
    const step = await passwordStep(t, 'admin@lender.example', PASSWORD);
    const previous = await codeAt(admin.secret, new Date(clock.now().getTime() - 30_000));
    const opened = await codeStep(t, { cookie: step.cookie, csrf: step.body.data.csrfToken }, previous);
    expect(opened.body.code).toBe(0);
    const replay = await passwordStep(t, 'admin@lender.example', PASSWORD);
    expect((await codeStep(t, { cookie: replay.cookie, csrf: replay.body.data.csrfToken }, previous)).body.code).toBe(ErrorCode.StaffCodeWrong);
    const tooOld = await codeAt(admin.secret, new Date(clock.now().getTime() - 3 * MINUTE));
    expect((await codeStep(t, { cookie: replay.cookie, csrf: replay.body.data.csrfToken }, tooOld)).body.code).toBe(ErrorCode.StaffCodeWrong);
  });

  it('answers an unknown e-mail as it answers a wrong password, and audits both', async () => {
    await signedInAdmin(t, clock);
    const unknown = await passwordStep(t, 'nobody@lender.example', PASSWORD);
    const wrong = await passwordStep(t, 'admin@lender.example', 'not the password at all');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body.code).toBe(ErrorCode.StaffSignInRefused);
    expect(unknown.cookie).toBe('');
    const failures = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.sign-in.failed'));
    expect(failures.map((row) => [row.actorEmail, row.role])).toEqual([
      ['nobody@lender.example', 'anonymous'],
      ['admin@lender.example', 'anonymous'],
    ]);
    expect(JSON.stringify(failures)).not.toContain('not the password');
  });

  it('locks an account for 15 minutes after 5 failed attempts, passwords and codes alike', async () => {
    const admin = await signedInAdmin(t, clock);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await passwordStep(t, 'admin@lender.example', 'wrong password here')).body.code).toBe(ErrorCode.StaffSignInRefused);
    const step = await passwordStep(t, 'admin@lender.example', PASSWORD);
    const csrf = step.body.data.csrfToken;
    expect((await codeStep(t, { cookie: step.cookie, csrf }, '000000')).body.code).toBe(ErrorCode.StaffCodeWrong);
    // The fifth failure locks the account and ends the step.
    expect((await codeStep(t, { cookie: step.cookie, csrf }, '000001')).body.code).toBe(ErrorCode.StaffCodeWrong);
    expect((await codeStep(t, { cookie: step.cookie, csrf }, await codeAt(admin.secret, clock.now()))).body.code).toBe(ErrorCode.StaffSignInStepMissing);
    const [locked] = await t.database.db.select().from(staffAccounts);
    expect(locked?.lockedUntil?.getTime()).toBe(clock.now().getTime() + 15 * MINUTE);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.locked'))).toHaveLength(1);

    // The right password is refused while locked, with the same answer as a wrong one.
    clock.advance(14 * MINUTE);
    const whileLocked = await passwordStep(t, 'admin@lender.example', PASSWORD);
    expect(whileLocked.body).toEqual((await passwordStep(t, 'nobody@lender.example', PASSWORD)).body);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.sign-in.refused'))).toHaveLength(1);

    clock.advance(MINUTE);
    await expect(signIn(t, clock, 'admin@lender.example', PASSWORD, admin.secret)).resolves.toMatchObject({ cookie: expect.any(String) });
  });

  it('refuses more than 20 sign-in calls from one address in 10 minutes, whichever accounts they name', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) expect((await passwordStep(t, `person${attempt}@lender.example`, PASSWORD)).status).toBe(401);
    expect((await passwordStep(t, 'person20@lender.example', PASSWORD)).status).toBe(429);
    clock.advance(10 * MINUTE);
    expect((await passwordStep(t, 'person21@lender.example', PASSWORD)).status).toBe(401);
  });

  it('sets the cookie HttpOnly, SameSite=Strict on /operator, Secure in production', async () => {
    const created = await createAdminByCli(t, 'ana@lender.example');
    const response = await t.app.inject({ method: 'POST', url: `/operator/v1${StaffPath.signIn}`, payload: { email: 'ana@lender.example', password: created.temporaryPassword } });
    const cookie = staffCookie(response);
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/operator']));
    expect(cookie?.attributes).not.toContain('Secure');

    const production = await createTestApp({ env: { NODE_ENV: 'production', OPERATOR_TOKEN: 'p'.repeat(40), STAFF_SECRET_KEY: 'b'.repeat(64), DATA_DIR: '/nonexistent-test-data' } });
    try {
      const made = await createAdminByCli(production, 'ana@lender.example');
      const signedIn = await production.app.inject({ method: 'POST', url: `/operator/v1${StaffPath.signIn}`, payload: { email: 'ana@lender.example', password: made.temporaryPassword } });
      expect(staffCookie(signedIn)?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/operator', 'Secure']));
    } finally {
      await production.close();
    }
  });

  it('ends a session idle for 15 minutes, keeps one in use, and ends every session at 12 hours', async () => {
    const admin = await signedInAdmin(t, clock);
    for (let step = 0; step < 5; step += 1) {
      clock.advance(14 * MINUTE);
      expect((await staffCall(t, admin, 'GET', StaffPath.me)).code).toBe(0);
    }
    clock.advance(15 * MINUTE);
    const idle = await staffCall(t, admin, 'GET', StaffPath.me);
    expect(idle).toMatchObject({ status: 401, code: ErrorCode.StaffSessionRequired });

    const again = await signIn(t, clock, 'admin@lender.example', PASSWORD, admin.secret);
    for (let elapsed = 0; elapsed < 12 * 60 - 14; elapsed += 14) {
      clock.advance(14 * MINUTE);
      expect((await staffCall(t, again, 'GET', StaffPath.me)).code).toBe(0);
    }
    clock.advance(14 * MINUTE);
    expect((await staffCall(t, again, 'GET', StaffPath.me)).code).toBe(ErrorCode.StaffSessionRequired);
  });

  it('refuses a state-changing call with the cookie but without its CSRF token or with a wrong one', async () => {
    const admin = await signedInAdmin(t, clock);
    const body = { email: 'agent@lender.example', name: 'Agent', role: 'agent' };
    expect(await staffCall(t, { cookie: admin.cookie }, 'POST', StaffPath.accounts, body)).toMatchObject({ status: 403, code: ErrorCode.StaffCsrfRefused });
    expect(await staffCall(t, { cookie: admin.cookie, csrf: `${admin.csrf.slice(0, -1)}x` }, 'POST', StaffPath.accounts, body)).toMatchObject({ status: 403, code: ErrorCode.StaffCsrfRefused });
    expect(await t.database.db.select().from(staffAccounts)).toHaveLength(1);
    expect((await staffCall(t, admin, 'POST', StaffPath.accounts, body)).code).toBe(0);
    // A read needs none; `me` hands the token to a page that lost it.
    expect((await staffCall(t, { cookie: admin.cookie }, 'GET', StaffPath.me)).data).toMatchObject({ csrfToken: admin.csrf });
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const admin = await signedInAdmin(t, clock);
    const out = await staffCall(t, admin, 'POST', StaffPath.signOut);
    expect(out.code).toBe(0);
    expect(staffCookie(out.response)).toMatchObject({ value: '', attributes: expect.arrayContaining(['Max-Age=0']) });
    expect((await staffCall(t, admin, 'GET', StaffPath.me)).code).toBe(ErrorCode.StaffSessionRequired);
    const [session] = await t.database.db.select().from(staffSessions).where(eq(staffSessions.stage, 'open'));
    expect(session?.endedAt).not.toBeNull();
    expect(session?.tokenHash).not.toBe(admin.cookie);
  });

  it('refuses short, common and e-mail-like passwords and takes a 64-character one', async () => {
    const created = await createAdminByCli(t, 'maria.lopez@lender.example');
    const session = await signIn(t, clock, 'maria.lopez@lender.example', created.temporaryPassword);
    const change = (newPassword: string) => staffCall(t, session, 'POST', StaffPath.password, { currentPassword: created.temporaryPassword, newPassword });
    expect((await change('short7!')).code).toBe(ErrorCode.StaffPasswordTooShort);
    expect((await change('password')).code).toBe(ErrorCode.StaffPasswordCommon);
    expect((await change('Baseball')).code).toBe(ErrorCode.StaffPasswordCommon);
    expect((await change('my-maria.lopez-2026')).code).toBe(ErrorCode.StaffPasswordHasEmail);
    expect((await change('x'.repeat(129))).code).toBe(ErrorCode.StaffPasswordTooLong);
    expect((await staffCall(t, session, 'POST', StaffPath.password, { currentPassword: 'not it at all', newPassword: PASSWORD })).code).toBe(ErrorCode.StaffCurrentPasswordWrong);
    const long = 'ñandú y cóndor vuelan '.repeat(3).slice(0, 64);
    expect([...long]).toHaveLength(64);
    expect((await change(long)).code).toBe(0);
    await expect(signIn(t, clock, 'maria.lopez@lender.example', long, session.secret)).resolves.toBeDefined();
  });

  it('a new staff member signs in with the temporary password and must replace it', async () => {
    const admin = await signedInAdmin(t, clock);
    const created = await staffCall<{ temporaryPassword: string; staff: { staffId: number } }>(t, admin, 'POST', StaffPath.accounts, { email: 'Luz@Lender.example', name: 'Luz', role: 'agent' });
    expect(created.data.temporaryPassword).toHaveLength(20);
    expect((await staffCall(t, admin, 'POST', StaffPath.accounts, { email: 'luz@lender.example', name: 'Luz 2', role: 'agent' })).code).toBe(ErrorCode.StaffEmailTaken);
    await expect(firstSignIn(t, clock, 'luz@LENDER.example', created.data.temporaryPassword)).resolves.toBeDefined();
  });
});
