import { ErrorCode, StaffPath, type StaffView } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';
import { confirmAdminByCli, firstSignIn, signedInAdmin, signIn, staffCall, testClock, type StaffSession } from './staff-helpers';

/** An administrator is two people's doing: one asks, a second administrator confirms (docs/decisions/219). */
describe('a new administrator waits for a second administrator', () => {
  let t: TestApp;
  const clock = testClock();
  let first: StaffSession;
  let second: StaffSession;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, now: clock.now });
    first = await signedInAdmin(t, clock, 'first@lender.example');
  });
  afterAll(async () => t?.close());

  const create = (who: StaffSession, email: string, role: 'admin' | 'agent' | 'credit-officer') =>
    staffCall<{ staff: StaffView; temporaryPassword: string }>(t, who, 'POST', StaffPath.accounts, { email, name: email.split('@')[0] ?? email, role });
  const confirm = (who: StaffSession, staffId: number) => staffCall<StaffView>(t, who, 'POST', StaffPath.accountConfirmAdmin.replace(':staffId', String(staffId)));
  const raise = (who: StaffSession, staffId: number, role: string) => staffCall<StaffView>(t, who, 'POST', StaffPath.accountRole.replace(':staffId', String(staffId)), { role });

  it('does not let an account made administrator act as one until another administrator confirms it', async () => {
    const made = await create(first, 'second@lender.example', 'admin');
    expect(made.data.staff).toMatchObject({ role: 'agent', adminPending: true });
    const pending = await firstSignIn(t, clock, 'second@lender.example', made.data.temporaryPassword);
    expect(await staffCall(t, pending, 'GET', StaffPath.accounts)).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
    // The one who asked cannot confirm, nor the account itself.
    expect(await confirm(first, made.data.staff.staffId)).toMatchObject({ status: 403, code: ErrorCode.StaffAdminConfirmOwn });

    // With no second administrator yet, whoever holds the database confirms it, as the first was made.
    expect(await confirmAdminByCli(t, 'second@lender.example')).toMatchObject({ role: 'admin', adminPending: false });
    second = await signIn(t, clock, 'second@lender.example', 'correct horse battery staple', pending.secret);
    expect((await staffCall(t, second, 'GET', StaffPath.accounts)).code).toBe(0);
  });

  it('keeps a role raised to administrator waiting too, and lets nobody confirm what an account they created asked', async () => {
    const officer = await create(first, 'officer@lender.example', 'credit-officer');
    const raised = await raise(first, officer.data.staff.staffId, 'admin');
    expect(raised.data).toMatchObject({ role: 'credit-officer', adminPending: true });
    expect(await confirm(first, officer.data.staff.staffId)).toMatchObject({ status: 403, code: ErrorCode.StaffAdminConfirmOwn });
    expect(await confirm(second, officer.data.staff.staffId)).toMatchObject({ code: 0, data: { role: 'admin', adminPending: false } });
    expect(await confirm(second, officer.data.staff.staffId)).toMatchObject({ status: 409, code: ErrorCode.StaffAdminNotRequested });

    // The first administrator made the second account: what the second asks, the first cannot confirm.
    const third = await create(second, 'third@lender.example', 'admin');
    expect(await confirm(first, third.data.staff.staffId)).toMatchObject({ status: 403, code: ErrorCode.StaffAdminConfirmOwn });
    // A role taken back from administrator before it was confirmed needs nothing more.
    expect((await raise(second, third.data.staff.staffId, 'agent')).data).toMatchObject({ role: 'agent', adminPending: false });
  });
});
