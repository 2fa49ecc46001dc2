import { OperatorPath, OPERATOR_BASE } from '@lend/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { images, multipartBody } from './factories';
import { createTestApp, openSession, type TestApp } from './helper';
import { callOperatorApi, productByCode } from './loan-helpers';
import { templateInput } from './promotion-helpers';
import { signedInAdmin, staffCall, testClock, type StaffSession } from './staff-helpers';

const ADMIN = 'admin@lender.example';

describe('the audit log of the remaining operator actions (docs/decisions/162)', () => {
  let t: TestApp;
  const clock = testClock();
  let admin: StaffSession;
  const entriesOf = (action: string, objectId?: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), objectId === undefined ? undefined : eq(auditLog.objectId, objectId)))
      .orderBy(auditLog.id);
  const byAdmin = { actorKind: 'staff', actorEmail: ADMIN, role: 'admin' };

  beforeAll(async () => {
    t = await createTestApp({ seed: true, now: clock.now });
    admin = await signedInAdmin(t, clock, ADMIN);
  });
  afterAll(async () => t?.close());

  it('records a borrower session opened by an administrator, and one opened with the token', async () => {
    const opened = await staffCall<{ userId: string }>(t, admin, 'POST', OperatorPath.createSession, { phone: '5544450101', market: 'MX' });
    expect(opened.code).toBe(0);
    expect(await entriesOf('borrower.session.open', opened.data.userId)).toMatchObject([
      { ...byAdmin, objectType: 'borrower', after: { newBorrower: true } },
    ]);
    const byToken = await openSession(t.app, '5544450102');
    expect(await entriesOf('borrower.session.open', byToken.userId)).toMatchObject([{ actorKind: 'token', role: 'automation', objectType: 'borrower' }]);
  });

  it('records an offer set and withdrawn with the offer before and after', async () => {
    const who = await openSession(t.app, '5544450103');
    const product = await productByCode(t.app, 'peso-plus-120');
    const objectId = `${who.userId}:${product.id}`;
    expect((await staffCall(t, admin, 'POST', OperatorPath.offerSet, { userId: Number(who.userId), productId: product.id, couponMinor: 500 })).code).toBe(0);
    expect((await staffCall(t, admin, 'POST', OperatorPath.offerWithdraw, { userId: Number(who.userId), productId: product.id })).code).toBe(0);
    expect(await entriesOf('offer.set', objectId)).toMatchObject([
      { ...byAdmin, objectType: 'offer', before: { status: 'default', couponMinor: 0 }, after: { status: 'active', couponMinor: 500 } },
    ]);
    expect(await entriesOf('offer.withdraw', objectId)).toMatchObject([
      { ...byAdmin, objectType: 'offer', before: { status: 'active' }, after: { status: 'withdrawn' } },
    ]);
  });

  it('records a complaint type change with the type before and after', async () => {
    const saved = await staffCall(t, admin, 'PUT', `${OperatorPath.complaintTypes}/2`, { titleEn: 'Renamed', titleEs: 'Renombrado' });
    expect(saved.code).toBe(0);
    const [entry] = await entriesOf('complaint-type.save', '2');
    expect(entry).toMatchObject({ ...byAdmin, objectType: 'complaint-type', after: { value: 2, titleEn: 'Renamed', titleEs: 'Renombrado' } });
    expect(entry?.before).toMatchObject({ value: 2 });
    expect(entry?.before).not.toMatchObject({ titleEn: 'Renamed' });
  });

  it('records an image uploaded for a reply', async () => {
    const form = multipartBody('image', 'receipt.png', await images.png());
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${OPERATOR_BASE}${OperatorPath.complaintImages}`,
      headers: { cookie: `lend_staff=${admin.cookie}`, 'x-csrf-token': admin.csrf, 'content-type': form.contentType },
      payload: form.payload,
    });
    const name = uploaded.json<{ data: { url: string } }>().data.url.split('/').pop() ?? '';
    expect(await entriesOf('complaint.image.upload', name)).toMatchObject([{ ...byAdmin, objectType: 'complaint-image' }]);
  });

  it('records a promotion template created', async () => {
    const created = await staffCall<{ id: number }>(t, admin, 'POST', OperatorPath.promoTemplates, templateInput({ name: 'Audited' }));
    expect(created.code).toBe(0);
    expect(await entriesOf('promotion.template.create', String(created.data.id))).toMatchObject([
      { ...byAdmin, objectType: 'promotion-template', before: null, after: { id: created.data.id, name: 'Audited' } },
    ]);
  });

  it('records a test card saved for a borrower, with only its last digits', async () => {
    const who = await openSession(t.app, '5544450104');
    const saved = await staffCall<{ cardId: number }>(t, admin, 'POST', OperatorPath.testCards, { userId: Number(who.userId), kind: 'approve' });
    expect(saved.code).toBe(0);
    const [entry] = await entriesOf('card.test.save');
    expect(entry).toMatchObject({ ...byAdmin, objectType: 'saved-card', after: { borrowerId: Number(who.userId) } });
  });

  it('records who asked for each run, with its parameters, before the run', async () => {
    const runs: [string, string, Record<string, unknown> | undefined][] = [
      [OperatorPath.orderSweep, 'order.sweep', {}],
      [OperatorPath.remindersRun, 'reminders.run', {}],
      [OperatorPath.cardReconcile, 'card-repayment.reconcile', {}],
      [OperatorPath.cashReconcile, 'cash.reconcile', undefined],
      [OperatorPath.refundsFollow, 'refund.follow', undefined],
      [OperatorPath.settlementReports, 'settlement.run', { day: '2026-01-02' }],
    ];
    for (const [path, action, body] of runs) {
      const ran = await staffCall(t, admin, 'POST', path, body);
      expect({ path, code: ran.code }).toEqual({ path, code: 0 });
      expect(await entriesOf(action)).toMatchObject([{ ...byAdmin, objectType: 'run' }]);
    }
    expect(await entriesOf('settlement.run')).toMatchObject([{ after: { day: '2026-01-02', provider: null } }]);
    await callOperatorApi(t.app, 'POST', OperatorPath.orderSweep, {});
    expect(await entriesOf('order.sweep')).toMatchObject([byAdmin, { actorKind: 'token', role: 'automation' }]);
  });
});
