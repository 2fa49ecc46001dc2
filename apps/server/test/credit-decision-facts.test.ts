import {
  CreditPath,
  ErrorCode,
  MachinePath,
  OperatorCreditPath,
  OperatorPath,
  ProfilePath,
  type CreditApplication,
  type LoanConfirm,
  type LoanPush,
  type OperatorCreditDecision,
  type OrderSummary,
  type ProductSummary,
} from '@lend/contracts';
import { curpCheckDigit } from '@lend/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerProfiles, creditDecisions, loanOrders } from '../src/db/schema';
import { createTestApp, GENEROUS_BORROWER_CAPS, type TestApp } from './helper';
import { callBorrower, callOperatorApi, productByCode } from './loan-helpers';
import { clabe, GLORIA, newBorrower, profileCalls, refusal, type Borrower } from './profile-helpers';

// A credit decision stands on the borrower's facts: identity, income, debts and payout account (docs/decisions/215).

let t: TestApp;
let pesoFlex: ProductSummary;

beforeAll(async () => {
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS });
  pesoFlex = await productByCode(t.app, 'peso-flex-91');
});
afterAll(async () => t?.close());

const { call, upload, certify } = profileCalls(() => t);
const ENGLISH = '1';

/** Gloria's name and birth date with a CURP of her own (a homonym's differentiator, 1 to 9 for a birth before 2000), held by nobody else. */
let seq = 0;
function ownIdentity() {
  seq += 1;
  const first17 = `HEGG560427M${['DF', 'JC', 'NL'][Math.floor(seq / 9) % 3] ?? 'DF'}RRL${(seq % 9) + 1}`;
  return { ...GLORIA, nationalId: `${first17}${curpCheckDigit(first17)}` };
}
let accountSeq = 0;
const ownClabe = () => clabe('012', String(18000011835000 + (accountSeq += 1)));
const SHARED_CLABE = clabe('012');
const HOLDER = 'Gloria Hernández García';

const apply = (who: Borrower, language: string = who.language) => call<CreditApplication>(who, CreditPath.apply, { productId: pesoFlex.id }, language);
const confirm = (who: Borrower) => callBorrower<LoanConfirm>(t.app, who, MachinePath.loanConfirm, { productId: pesoFlex.id, isType: '1' }, who.language);
const push = (who: Borrower, offer: LoanConfirm) =>
  callBorrower<LoanPush>(t.app, who, MachinePath.loanPush, { productId: pesoFlex.id, amount: offer.amount, periods: offer.periods, termUnit: offer.termUnit, agreement: '1' }, who.language);
const employment = (who: Borrower, incomeMinor: number, debtsMinor: number) =>
  call(who, ProfilePath.employment, { employment: 'employed', employerName: 'Tiendas del Centro', monthlyIncomeMinor: incomeMinor, monthlyDebtPaymentsMinor: debtsMinor });
const bind = (who: Borrower, account: string) => call(who, ProfilePath.payoutBind, { holderName: HOLDER, clabe: account });

async function decisionsOf(who: Borrower) {
  return t.database.db.select().from(creditDecisions).where(eq(creditDecisions.borrowerId, Number(who.userId))).orderBy(creditDecisions.id);
}
async function ordersOf(who: Borrower) {
  return t.database.db.select().from(loanOrders).where(eq(loanOrders.borrowerId, Number(who.userId)));
}
const orderNoOf = (pushed: LoanPush) => new URLSearchParams(pushed.lendDetailsUrl.split('?')[1]).get('orderId') ?? '';
const approveOrder = (orderNo: string) => callOperatorApi<OrderSummary>(t.app, 'POST', OperatorPath.orderApprove, { orderNo });

/** A Mexican borrower, certified with an identity and a CLABE nobody else holds, earning 50,000 pesos a month with no debts. */
async function ownBorrower(): Promise<Borrower> {
  const who = await newBorrower(t, 'MX');
  await certify(who);
  expect((await call(who, ProfilePath.identity, ownIdentity())).body.code).toBe(0);
  expect((await employment(who, 5_000_000, 0)).body.code).toBe(0);
  expect((await bind(who, ownClabe())).body.code).toBe(0);
  return who;
}

/** The borrower applies and is approved; the offer they would confirm. */
async function approved(who: Borrower): Promise<{ decision: CreditApplication; offer: LoanConfirm }> {
  const applied = await apply(who);
  expect(applied.body.data).toMatchObject({ outcome: 'approved' });
  const offer = await confirm(who);
  expect(offer.code).toBe(0);
  return { decision: applied.body.data, offer: offer.data };
}

describe('an approval outlives the facts it was decided on no longer', () => {
  it('refuses the change of identity, and the changed income, debts and CLABE send the borrower back to apply: no order, no payout', async () => {
    // Three accounts hold Gloria's published CURP and one CLABE between them.
    for (let i = 0; i < 3; i += 1) await certify(await newBorrower(t, 'MX'));
    const who = await ownBorrower();
    const { decision, offer } = await approved(who);

    // Identity: another person's CURP, held by three accounts, is refused in the borrower's language and nothing is written.
    const other = await call(who, ProfilePath.identity, GLORIA);
    expect(other.status).toBe(409);
    expect(other.body).toEqual(refusal(ErrorCode.ProfileIdentityLocked, 'es'));
    expect((await call(who, ProfilePath.identity, GLORIA, ENGLISH)).body).toEqual(refusal(ErrorCode.ProfileIdentityLocked, 'en'));
    const [profile] = await t.database.db.select().from(borrowerProfiles).where(eq(borrowerProfiles.borrowerId, Number(who.userId)));
    expect(profile?.nationalId).not.toBe(GLORIA.nationalId);

    // Income down to 1,000 pesos with 1,000 of debts, and the CLABE three others hold: both accepted, and the approval no longer stands.
    expect((await employment(who, 100_000, 100_000)).body.code).toBe(0);
    expect((await bind(who, SHARED_CLABE)).body.code).toBe(0);
    const [first] = await decisionsOf(who);
    expect(first?.supersededAt).not.toBeNull();
    expect((await confirm(who)).code).toBe(ErrorCode.CreditNotApproved);

    // Applying again is decided on the facts as they are now, not answered with the old approval.
    const again = await apply(who);
    expect(again.body.data.decisionId).not.toBe(decision.decisionId);
    expect(again.body.data).toMatchObject({ outcome: 'declined', amountCeilingMinor: null });
    expect(again.body.data.reasons.map((reason) => reason.code)).toContain('income_below_minimum');

    // The offer confirmed on the old approval makes no order, so there is nothing to pay out.
    const pushed = await push(who, offer);
    expect(pushed.code).toBe(ErrorCode.CreditDeclinedUntil);
    expect(await ordersOf(who)).toHaveLength(0);
  });

  it('a new payout account alone ends the approval: the old offer is refused until the borrower applies again', async () => {
    const who = await ownBorrower();
    const { decision, offer } = await approved(who);
    expect((await bind(who, ownClabe())).body.code).toBe(0);
    expect((await push(who, offer)).code).toBe(ErrorCode.CreditNotApproved);
    expect(await ordersOf(who)).toHaveLength(0);

    const again = await apply(who);
    expect(again.body.data).toMatchObject({ outcome: 'approved' });
    expect(again.body.data.decisionId).not.toBe(decision.decisionId);
    const fresh = await confirm(who);
    const pushed = await push(who, fresh.data);
    expect(pushed.code).toBe(0);
    expect((await approveOrder(orderNoOf(pushed.data))).code).toBe(0);
  });

  it('a new photo, a new address, or the same income and account sent again leave the approval standing', async () => {
    const who = await ownBorrower();
    const { decision, offer } = await approved(who);
    expect((await upload(who, 'selfie')).body.code).toBe(0);
    expect((await call(who, ProfilePath.address, { line1: 'Calle Roble 12', city: 'Puebla', state: 'Puebla', postalCode: '72000' })).body.code).toBe(0);
    expect((await employment(who, 5_000_000, 0)).body.code).toBe(0);
    const [standing] = await decisionsOf(who);
    expect(standing).toMatchObject({ id: decision.decisionId, supersededAt: null });
    expect((await apply(who)).body.data.decisionId).toBe(decision.decisionId);
    const pushed = await push(who, offer);
    expect(pushed.code).toBe(0);
    expect((await approveOrder(orderNoOf(pushed.data))).code).toBe(0);
  });

  it('an order under review whose borrower then changed their income cannot be approved for payout', async () => {
    const who = await ownBorrower();
    const { offer } = await approved(who);
    const pushed = await push(who, offer);
    expect(pushed.code).toBe(0);
    expect((await employment(who, 4_000_000, 0)).body.code).toBe(0);
    const orderNo = orderNoOf(pushed.data);
    const refused = await approveOrder(orderNo);
    expect(refused).toMatchObject({ status: 409, code: ErrorCode.CreditDecisionFactsChanged });
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
    expect(order?.statusCode).toBe(21);
  });

  it('a change of the facts outside the profile calls still stops the order', async () => {
    const who = await ownBorrower();
    const { offer } = await approved(who);
    await t.database.db.update(borrowerProfiles).set({ monthlyIncomeMinor: 200_000 }).where(eq(borrowerProfiles.borrowerId, Number(who.userId)));
    const pushed = await push(who, offer);
    expect(pushed).toMatchObject({ status: 409, code: ErrorCode.CreditFactsChanged });
    expect(await ordersOf(who)).toHaveLength(0);
  });
});

describe("the credit officer's queue", () => {
  it('flags a referral whose borrower changed their facts after it, says what changed, and refuses its approval', async () => {
    // A fourth holder of Gloria's published CURP is referred to an officer.
    const who = await newBorrower(t, 'MX');
    await certify(who);
    const referred = await apply(who);
    expect(referred.body.data).toMatchObject({ outcome: 'referred' });
    const id = referred.body.data.decisionId;
    const listed = async () => (await callOperatorApi<{ items: OperatorCreditDecision[] }>(t.app, 'GET', `${OperatorCreditPath.referrals}?decisionId=${id}`)).data.items[0];
    expect((await listed())?.factsChanged).toEqual([]);

    expect((await employment(who, 2_000_000, 900_000)).body.code).toBe(0);
    expect((await bind(who, ownClabe())).body.code).toBe(0);
    expect((await listed())?.factsChanged).toEqual(['income', 'debts', 'payoutAccount']);

    const path = OperatorCreditPath.approve.replace(':decisionId', String(id));
    const approve = await callOperatorApi(t.app, 'POST', path, { officer: 'Marta Ruiz', reason: 'Checked by call', amountCeilingMinor: 500_000 });
    expect(approve).toMatchObject({ status: 409, code: ErrorCode.CreditDecisionFactsChanged });
    const [row] = await t.database.db.select().from(creditDecisions).where(and(eq(creditDecisions.id, id)));
    expect(row).toMatchObject({ outcome: 'referred', reviewOutcome: null });
  });
});

describe('a change racing the push', () => {
  it('never leaves an order that can be paid out on the facts before the change', async () => {
    const borrowers = await Promise.all(Array.from({ length: 6 }, () => ownBorrower()));
    const offers = await Promise.all(borrowers.map(async (who) => (await approved(who)).offer));
    await Promise.all(
      borrowers.map(async (who, index) => {
        const offer = offers[index];
        if (!offer) throw new Error('no offer');
        const [pushed, changed] = await Promise.all([push(who, offer), employment(who, 150_000, 100_000)]);
        expect(changed.body.code).toBe(0);
        if (pushed.code !== 0) {
          expect([ErrorCode.CreditNotApproved, ErrorCode.CreditFactsChanged]).toContain(pushed.code);
          expect(await ordersOf(who)).toHaveLength(0);
          return;
        }
        // The push came first: its order waits for an operator, who may not approve it on facts that no longer hold.
        expect((await approveOrder(orderNoOf(pushed.data))).code).toBe(ErrorCode.CreditDecisionFactsChanged);
      }),
    );
  });
});
