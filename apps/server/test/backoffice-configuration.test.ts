import {
  ErrorCode,
  MachinePath,
  OPERATOR_BASE,
  OperatorPath,
  STAFF_COOKIE,
  type LoanConfirm,
  type PaymentChannelConfig,
  type ProductPricing,
  type ProductSummary,
} from '@lend/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../src/db/schema';
import { createTestApp, openSession, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { signedInAdmin, signedInStaff, staffCall, testClock, type StaffSession } from './staff-helpers';

/** The back office's configuration (docs/decisions/177, 178): pricing and its preview, credit thresholds, payment channels. */
let t: TestApp;
const clock = testClock();
let admin: StaffSession;
let officer: StaffSession;
let agent: StaffSession;

beforeAll(async () => {
  t = await createTestApp({ seed: true, now: clock.now });
  admin = await signedInAdmin(t, clock);
  officer = await signedInStaff(t, clock, admin, 'officer@lender.example', 'credit-officer');
  agent = await signedInStaff(t, clock, admin, 'agent@lender.example', 'agent');
});
afterAll(async () => t?.close());

const withProduct = (path: string, productId: number) => path.replace(':productId', String(productId));

async function product(code: string): Promise<ProductSummary> {
  const listed = await staffCall<ProductSummary[]>(t, admin, 'GET', OperatorPath.products);
  const found = listed.data.find((candidate) => candidate.code === code);
  if (!found) throw new Error(`no product ${code}`);
  return found;
}

async function storedPricing(productId: number): Promise<ProductPricing> {
  const [row] = await t.database.db.select({ pricing: products.pricing }).from(products).where(eq(products.id, productId));
  if (!row) throw new Error('no product row');
  return row.pricing;
}

async function auditRows(action: string, objectId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.objectId, objectId)))
    .orderBy(desc(auditLog.id));
}

/** The preview in a language the call names, as the back office sends it. */
async function preview(session: StaffSession, productId: number, body: Record<string, unknown>, language = '2') {
  const response = await t.app.inject({
    method: 'POST',
    url: `${OPERATOR_BASE}${withProduct(OperatorPath.productPricingPreview, productId)}`,
    headers: { cookie: `${STAFF_COOKIE}=${session.cookie}`, 'x-csrf-token': session.csrf, language },
    payload: body,
  });
  return { ...response.json<{ code: number; message: string; data: LoanConfirm }>(), status: response.statusCode };
}

describe("a product's pricing", () => {
  it('refuses a pricing that does not hold together, with its code and field, and writes nothing', async () => {
    const pesoFlex = await product('peso-flex-91');
    const before = await storedPricing(pesoFlex.id);
    const path = withProduct(OperatorPath.productPricing, pesoFlex.id);

    const inconsistent = await staffCall(t, admin, 'PUT', path, { pricing: { ...before, defaultAmountMinor: before.maxAmountMinor + 100 } });
    expect(inconsistent).toMatchObject({ status: 400, code: ErrorCode.PricingInconsistent });
    expect(inconsistent.message).toContain('pricing.defaultAmountMinor');

    const indivisible = await staffCall(t, admin, 'PUT', path, { pricing: { ...before, periods: 5 } });
    expect(indivisible).toMatchObject({ status: 400, code: ErrorCode.PricingInconsistent });

    const negative = await staffCall(t, admin, 'PUT', path, { pricing: { ...before, commissionPpm: -1 } });
    expect(negative).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
    expect(negative.message).toContain('pricing.commissionPpm');

    expect(await staffCall(t, admin, 'PUT', withProduct(OperatorPath.productPricing, 999_999), { pricing: before })).toMatchObject({
      status: 404,
      code: ErrorCode.ConfigProductNotFound,
    });

    expect(await storedPricing(pesoFlex.id)).toEqual(before);
    expect(await auditRows('product.pricing', String(pesoFlex.id))).toEqual([]);
  });

  it('is changed by an administrator only, and the audit log keeps the pricing before and after', async () => {
    const pesoFlex = await product('peso-flex-91');
    const before = await storedPricing(pesoFlex.id);
    const changed = { ...before, commissionPpm: before.commissionPpm + 10_000 };
    const path = withProduct(OperatorPath.productPricing, pesoFlex.id);

    for (const refused of [officer, agent]) {
      expect(await staffCall(t, refused, 'PUT', path, { pricing: changed })).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
      expect(await preview(refused, pesoFlex.id, { pricing: changed, amountMinor: before.defaultAmountMinor, termDays: before.termDays })).toMatchObject({
        status: 403,
        code: ErrorCode.StaffRoleRefused,
      });
    }
    expect(await storedPricing(pesoFlex.id)).toEqual(before);

    const saved = await staffCall<ProductSummary>(t, admin, 'PUT', path, { pricing: changed });
    expect(saved).toMatchObject({ status: 200, code: 0, data: { id: pesoFlex.id, pricing: changed } });
    expect(await storedPricing(pesoFlex.id)).toEqual(changed);
    const [entry, ...others] = await auditRows('product.pricing', String(pesoFlex.id));
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ actorEmail: 'admin@lender.example', role: 'admin', objectType: 'product', before, after: changed });

    await staffCall(t, admin, 'PUT', path, { pricing: before });
  });

  it("previews the borrower's confirmation, and after saving the borrower's confirmation shows exactly those figures", async () => {
    const pesoPlus = await product('peso-plus-120');
    const before = await storedPricing(pesoPlus.id);
    const borrower = await openSession(t.app, '5512120001');
    const sample = { amountMinor: before.defaultAmountMinor, termDays: before.termDays };
    const confirmNow = async () => (await callBorrower<LoanConfirm>(t.app, borrower, MachinePath.loanConfirm, { productId: pesoPlus.id }, '2')).data;
    const shown = (screen: LoanConfirm) => ({
      amount: screen.amount,
      giveAmount: screen.giveAmount,
      details: screen.details,
      repay_plans: screen.repay_plans,
      ratemsg: screen.ratemsg,
      loanRate: screen.loanRate,
    });

    // Unsaved, the preview moves with the pricing given and the borrower still sees the old one.
    const changed = { ...before, commissionPpm: 80_000, interestPerDayPpm: before.interestPerDayPpm + 100 };
    const previewed = await preview(admin, pesoPlus.id, { pricing: changed, ...sample });
    expect(previewed).toMatchObject({ status: 200, code: 0 });
    const current = await confirmNow();
    expect(shown(previewed.data)).not.toEqual(shown(current));
    expect(shown((await preview(admin, pesoPlus.id, { pricing: before, ...sample })).data)).toEqual(shown(current));
    const commissionRow = previewed.data.details.find((row) => row.text.startsWith('Comisión'));
    expect(commissionRow?.text).toContain('8');

    await staffCall(t, admin, 'PUT', withProduct(OperatorPath.productPricing, pesoPlus.id), { pricing: changed });
    expect(shown(await confirmNow())).toEqual(shown(previewed.data));

    // In English, India's APR comes from the same code.
    const rupeeEasy = await product('rupee-easy-91');
    const inEnglish = await preview(admin, rupeeEasy.id, { pricing: rupeeEasy.pricing, amountMinor: rupeeEasy.pricing.defaultAmountMinor, termDays: rupeeEasy.pricing.termDays }, '1');
    expect(inEnglish.data.ratemsg).toMatch(/^APR \d+\.\d% a year/);

    // A sample outside the pricing is refused naming the sample's field.
    expect(await preview(admin, pesoPlus.id, { pricing: changed, amountMinor: changed.maxAmountMinor + 100, termDays: changed.termDays })).toMatchObject({
      status: 400,
      code: ErrorCode.PreviewOutsidePricing,
    });
    await staffCall(t, admin, 'PUT', withProduct(OperatorPath.productPricing, pesoPlus.id), { pricing: before });
  });
});

describe("a product's credit policy", () => {
  it('is refused when it does not hold together, changed by an administrator only, and audited', async () => {
    const pesoFlex = await product('peso-flex-91');
    const policy = pesoFlex.creditPolicy;
    if (!policy) throw new Error('the demo product has no policy');
    const path = withProduct(OperatorPath.productCreditPolicy, pesoFlex.id);

    expect(await staffCall(t, admin, 'PUT', path, { creditPolicy: { ...policy, minAgeYears: 60, maxAgeYears: 30 } })).toMatchObject({
      status: 400,
      code: ErrorCode.CreditPolicyInconsistent,
    });
    expect(await staffCall(t, officer, 'PUT', path, { creditPolicy: policy })).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });

    const changed = { ...policy, approveFromPoints: Math.min(100, policy.approveFromPoints + 5) };
    expect(await staffCall<ProductSummary>(t, admin, 'PUT', path, { creditPolicy: changed })).toMatchObject({ status: 200, data: { creditPolicy: changed } });
    const [entry] = await auditRows('product.credit-policy', String(pesoFlex.id));
    expect(entry).toMatchObject({ before: policy, after: changed });
    await staffCall(t, admin, 'PUT', path, { creditPolicy: policy });
  });
});

describe('payment channels', () => {
  it("lists a market's channels and changes one's fee and limits, audited; bad limits and other roles are refused", async () => {
    const listed = await staffCall<{ items: PaymentChannelConfig[] }>(t, admin, 'GET', `${OperatorPath.paymentChannels}?market=MX`);
    expect(listed.status).toBe(200);
    expect(listed.data.items.length).toBeGreaterThan(0);
    expect(listed.data.items.every((channel) => channel.market === 'MX')).toBe(true);
    const channel = listed.data.items[0];
    if (!channel) throw new Error('no channel');
    const path = OperatorPath.paymentChannel.replace(':code', channel.code);
    const { active, feeMinor, minAmountMinor, maxAmountMinor } = channel;

    expect(await staffCall(t, admin, 'PUT', path, { active, feeMinor, minAmountMinor: 5_000, maxAmountMinor: 4_000 })).toMatchObject({
      status: 400,
      code: ErrorCode.PaymentChannelLimitsInconsistent,
    });
    expect(await staffCall(t, admin, 'PUT', OperatorPath.paymentChannel.replace(':code', 'nowhere'), { active, feeMinor, minAmountMinor, maxAmountMinor })).toMatchObject({
      status: 404,
      code: ErrorCode.PaymentChannelNotFound,
    });
    expect(await staffCall(t, agent, 'GET', `${OperatorPath.paymentChannels}?market=MX`)).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
    expect(await staffCall(t, officer, 'PUT', path, { active, feeMinor: 1, minAmountMinor, maxAmountMinor })).toMatchObject({ status: 403 });

    const saved = await staffCall<PaymentChannelConfig>(t, admin, 'PUT', path, { active: false, feeMinor: feeMinor + 700, minAmountMinor, maxAmountMinor });
    expect(saved).toMatchObject({ status: 200, data: { code: channel.code, active: false, feeMinor: feeMinor + 700 } });
    const [entry] = await auditRows('payment-channel.change', channel.code);
    expect(entry).toMatchObject({ before: { active, feeMinor }, after: { active: false, feeMinor: feeMinor + 700 } });
    await staffCall(t, admin, 'PUT', path, { active, feeMinor, minAmountMinor, maxAmountMinor });
  });
});
