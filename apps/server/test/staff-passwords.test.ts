import { randomBytes, scryptSync } from 'node:crypto';
import { ErrorCode, StaffPath } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import { codeStep, createAdminByCli, MINUTE, passwordStep, signIn, staffCall, testClock } from './staff-helpers';

const PASSWORD = 'correct horse battery staple';

/** Staff passwords as decision 219 has them: breached ones refused, argon2id, other sessions ended, known devices kept in. */
describe('staff passwords and lock-outs (docs/decisions/219)', () => {
  let t: TestApp;
  const clock = testClock();
  /** Ana's authenticator, enrolled at her first sign-in. */
  let secret = '';
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(async () => t?.close());

  const accountOf = async (email: string) => (await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, email)))[0];

  it('refuses passwords of a breached-password list whatever their case, with digits or symbols added, and the temporary one again', async () => {
    const created = await createAdminByCli(t, 'ana@lender.example');
    const session = await signIn(t, clock, 'ana@lender.example', created.temporaryPassword);
    secret = session.secret;
    const change = (newPassword: string) => staffCall(t, session, 'POST', StaffPath.password, { currentPassword: created.temporaryPassword, newPassword });
    for (const common of ['Password123!', 'Summer2026', 'CONTRASENA', 'Superman1', 'qwertyuiop!!']) {
      const refused = await change(common);
      expect([common, refused.code]).toEqual([common, ErrorCode.StaffPasswordCommon]);
      expect(refused.message).toMatch(/leaked/);
    }
    // The temporary password "changed" to itself is no change.
    expect((await change(created.temporaryPassword)).code).toBe(ErrorCode.StaffPasswordUnchanged);
    expect((await change(PASSWORD)).code).toBe(0);
    expect((await staffCall(t, session, 'POST', StaffPath.password, { currentPassword: PASSWORD, newPassword: PASSWORD })).code).toBe(ErrorCode.StaffPasswordUnchanged);
  });

  it('ends the account\'s other sessions when its password changes', async () => {
    const here = await signIn(t, clock, 'ana@lender.example', PASSWORD, secret);
    const elsewhere = await signIn(t, clock, 'ana@lender.example', PASSWORD, here.secret);
    expect((await staffCall(t, elsewhere, 'GET', StaffPath.me)).code).toBe(0);
    expect((await staffCall(t, here, 'POST', StaffPath.password, { currentPassword: PASSWORD, newPassword: `${PASSWORD} again` })).code).toBe(0);
    expect((await staffCall(t, elsewhere, 'GET', StaffPath.me)).code).toBe(ErrorCode.StaffSessionRequired);
    expect((await staffCall(t, here, 'GET', StaffPath.me)).code).toBe(0);
    expect((await staffCall(t, here, 'POST', StaffPath.password, { currentPassword: `${PASSWORD} again`, newPassword: PASSWORD })).code).toBe(0);
  });

  it('keeps a device the account signed in on able to sign in while failures from other devices lock them out', async () => {
    const known = await signIn(t, clock, 'ana@lender.example', PASSWORD, secret);
    expect(known.device).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    // Someone who knows the e-mail fails five times from elsewhere: the account is locked for other devices.
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await passwordStep(t, 'ana@lender.example', 'wrong password here')).body.code).toBe(ErrorCode.StaffSignInRefused);
    expect((await passwordStep(t, 'ana@lender.example', PASSWORD)).body.code).toBe(ErrorCode.StaffSignInRefused);
    expect((await passwordStep(t, 'ana@lender.example', PASSWORD, 'a-device-never-seen-before-000000000')).body.code).toBe(ErrorCode.StaffSignInRefused);
    // The known device still signs in.
    const again = await signIn(t, clock, 'ana@lender.example', PASSWORD, known.secret, known.device);
    expect((await staffCall(t, again, 'GET', StaffPath.me)).code).toBe(0);

    // Failures on the known device count for it alone, and lock it too.
    clock.advance(30_000);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await passwordStep(t, 'ana@lender.example', 'wrong password here', known.device)).body.code).toBe(ErrorCode.StaffSignInRefused);
    const step = await passwordStep(t, 'ana@lender.example', PASSWORD, known.device);
    expect((await codeStep(t, { cookie: step.cookie, csrf: step.body.data.csrfToken }, '000000', known.device)).body.code).toBe(ErrorCode.StaffCodeWrong);
    expect((await passwordStep(t, 'ana@lender.example', PASSWORD, known.device)).body.code).toBe(ErrorCode.StaffSignInRefused);
    clock.advance(15 * MINUTE);
    await expect(signIn(t, clock, 'ana@lender.example', PASSWORD, known.secret, known.device)).resolves.toBeDefined();
    await expect(signIn(t, clock, 'ana@lender.example', PASSWORD, known.secret)).resolves.toBeDefined();
  });

  it('hashes with argon2id at OWASP\'s parameters, and re-hashes an old scrypt hash at the next sign-in', async () => {
    expect((await accountOf('ana@lender.example'))?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    // A hash as decision 164 wrote them still signs in, once, and is then argon2id.
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD.normalize('NFKC'), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await t.database.db.update(staffAccounts).set({ passwordHash: old }).where(eq(staffAccounts.email, 'ana@lender.example'));
    expect((await passwordStep(t, 'ana@lender.example', 'not the password')).body.code).toBe(ErrorCode.StaffSignInRefused);
    expect((await accountOf('ana@lender.example'))?.passwordHash).toBe(old);
    const session = await signIn(t, clock, 'ana@lender.example', PASSWORD, secret);
    expect((await accountOf('ana@lender.example'))?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect((await staffCall(t, session, 'GET', StaffPath.me)).code).toBe(0);
    await expect(signIn(t, clock, 'ana@lender.example', PASSWORD, session.secret)).resolves.toBeDefined();
  });
});
