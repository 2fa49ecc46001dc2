import { createHash } from 'node:crypto';
import { ErrorCode, MachinePath, OperatorPath, type ContractDetail, type KeyFacts, type LoanConfirm, type LoanDetails, type ProductSummary } from '@lend/contracts';
import { annualCost, coolingOffDays, formatRatePercent, dueDatesFrom, formatAmount, formatAnnualRate, formatDate, priceLoan, repaymentPlan } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyFacts, loanContracts, loanOrders } from '../src/db/schema';
import { MACHINE_BASE } from '@lend/contracts';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, callOperatorApi, getBorrower, operatorStep, productByCode, pushOffer } from './loan-helpers';

let t: TestApp;
let rupeeEasy: ProductSummary;
let rupeePlus: ProductSummary;
let pesoFlex: ProductSummary;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  rupeeEasy = await productByCode(t.app, 'rupee-easy-91');
  rupeePlus = await productByCode(t.app, 'rupee-plus-180');
  pesoFlex = await productByCode(t.app, 'peso-flex-91');
});
afterAll(async () => t?.close());

const ENGLISH = '1';
const SPANISH = '2';

const keyFacts = (who: BorrowerSession, query: Record<string, string>, language = ENGLISH) =>
  getBorrower<KeyFacts>(t.app, who, MachinePath.keyFacts, query, language);

async function setOffer(who: BorrowerSession, productId: number, offer: { amountMinor: number; termDays: number; couponMinor?: number }) {
  const set = await callOperatorApi(t.app, 'POST', OperatorPath.offerSet, { userId: Number(who.userId), productId, couponMinor: 0, ...offer });
  expect(set.code).toBe(0);
}

/** What the loan engine works out for these terms: the figures every screen and document must repeat. */
function engine(product: ProductSummary, offer: { amountMinor: number; termDays: number; couponMinor?: number }) {
  const price = priceLoan(product.pricing, offer.amountMinor, { termDays: offer.termDays, couponMinor: offer.couponMinor ?? 0 });
  const plan = repaymentPlan(price);
  return { price, plan, apr: formatAnnualRate(annualCost('IN', price, plan).rate) };
}

describe('Key Facts Statement of an Indian loan', () => {
  const offers = [
    { product: () => rupeeEasy, offer: { amountMinor: 1_000_000, termDays: 91 } },
    { product: () => rupeeEasy, offer: { amountMinor: 250_000, termDays: 200, couponMinor: 5_000 } },
    { product: () => rupeeEasy, offer: { amountMinor: 4_999_900, termDays: 365 } },
    { product: () => rupeePlus, offer: { amountMinor: 2_000_000, termDays: 180 } },
    { product: () => rupeePlus, offer: { amountMinor: 730_000, termDays: 360, couponMinor: 12_345 } },
  ];

  for (const { product, offer } of offers) {
    it(`states the engine's figures for ₹${offer.amountMinor / 100} over ${offer.termDays} days${offer.couponMinor ? ' with a coupon' : ''}`, async () => {
      const who = await openSession(t.app, `+9198${String(offer.amountMinor).padStart(8, '0').slice(-8)}`);
      await setOffer(who, product().id, offer);
      const today = formatDate(new Date(), 'IN');
      const { data, code } = await keyFacts(who, { productId: String(product().id) });
      expect(code).toBe(0);
      const { price, plan, apr } = engine(product(), offer);
      expect(data).toMatchObject({
        state: 'draft',
        market: 'IN',
        language: 'en',
        textHash: '',
        issuedOn: today,
        loanAmount: price.principalMinor,
        interest: price.interestMinor,
        netDisbursed: price.disbursalMinor,
        totalRepayable: price.totalRepayableMinor,
        apr,
        termDays: price.termDays,
        periods: price.periods,
        coolingOffDays: coolingOffDays('IN', price.termDays),
      });
      const charge = (id: string) => data.charges.find((c) => c.id === id)?.amount;
      expect(charge('processingFee')).toBe(price.commissionMinor);
      expect(charge('gst')).toBe(price.taxMinor);
      expect(charge('interestDiscount')).toBe(price.discountMinor > 0 ? -price.discountMinor : undefined);
      // Everything the borrower pays adds up: the loan, the interest and every charge.
      expect(data.loanAmount + data.interest + data.charges.filter((c) => c.id !== 'processingFee').reduce((sum, c) => sum + c.amount, 0)).toBe(data.totalRepayable);
      const dates = dueDatesFrom(plan, today);
      expect(data.schedule).toEqual(
        plan.map((i, index) => ({ seq: i.seq, dueDate: dates[index], dueDay: i.dueDay, principal: i.principalMinor, interest: i.interestMinor, tax: i.taxMinor, amount: i.amountMinor })),
      );
      // The confirmation screen shows the same APR and total.
      const confirm = await callBorrower<LoanConfirm>(t.app, who, MachinePath.loanConfirm, { productId: product().id, isType: '1' }, ENGLISH);
      expect(confirm.data.ratemsg).toContain(apr);
      expect(confirm.data.details).toContainEqual({ text: 'Total to repay', value: formatAmount(price.totalRepayableMinor, 'IN') });
    });
  }

  it('names the lender, its grievance officer, the late charges and the cooling-off period, in both languages', async () => {
    const who = await openSession(t.app, '+919800000101');
    // India's own lender and grievance redressal officer (docs/decisions/230).
    const [company] = await t.database.db.select().from(companyFacts).where(eq(companyFacts.market, 'IN'));
    const english = (await keyFacts(who, { productId: String(rupeeEasy.id) })).data;
    expect(english.lender).toMatchObject({ name: company?.name, address: company?.address, cin: company?.cin, nbfcNumber: company?.nbfcNumber, email: company?.email, phone: company?.phone });
    expect(english.grievance).toEqual({ officer: company?.complaintsOfficer, email: company?.complaintsEmail, phone: company?.complaintsPhone, address: company?.complaintsAddress });
    expect(english.lender.phone).toMatch(/^\+91/);
    expect(english.lateCharges).toContain('a one-off late fee of ₹1,000.00');
    expect(english.items.map((i) => i.id)).toEqual(['coolingOff', 'early', 'extension', 'recovery', 'grievance']);
    expect(english.items[0]?.body).toContain('within 3 days of its payout');
    const spanish = (await keyFacts(who, { productId: String(rupeeEasy.id) }, SPANISH)).data;
    expect(spanish.language).toBe('es');
    expect(spanish.charges[0]?.name).toBe('Comisión por apertura (5% del monto del préstamo)');
    expect(spanish.loanAmount).toBe(english.loanAmount);
    for (const text of [JSON.stringify(english), JSON.stringify(spanish)]) expect(text).not.toMatch(/\{\w+\}/);
  });

  it('is signed with the contract: its hash in the evidence, opened later from order details and downloaded', async () => {
    const who = await openSession(t.app, '+919800000102');
    await setOffer(who, rupeePlus.id, { amountMinor: 1_500_000, termDays: 240 });
    const draft = (await keyFacts(who, { productId: String(rupeePlus.id) })).data;
    const orderNo = await pushOffer(t.app, who, rupeePlus.id, ENGLISH);

    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
    const [contract] = await t.database.db.select().from(loanContracts).where(eq(loanContracts.orderId, order?.id ?? 0));
    expect(contract?.keyFactsSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(contract?.keyFactsSha256).toBe(createHash('sha256').update(contract?.keyFactsText ?? '').digest('hex'));

    const details = await callBorrower<LoanDetails>(t.app, who, MachinePath.loanDetails, { orderId: orderNo }, ENGLISH);
    expect(details.data.keyFactsUrl).toBe(`/keyFacts?orderId=${orderNo}`);
    const signed = (await keyFacts(who, { orderNo })).data;
    expect(signed).toEqual({ ...draft, state: 'signed', orderNo, textHash: contract?.keyFactsSha256, documentPath: `${MACHINE_BASE}${MachinePath.keyFactsDocument}?orderNo=${orderNo}` });

    // Paid out: the schedule shows the order's own due dates; the signed text and its hash do not change.
    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    const paidOut = await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    const after = (await keyFacts(who, { orderNo })).data;
    expect(after.schedule[0]?.dueDate).toBe(paidOut.dueDate);
    expect(after.schedule.every((row) => row.dueDate !== '')).toBe(true);
    expect(after.textHash).toBe(signed.textHash);

    const download = await t.app.inject({ method: 'GET', url: `${signed.documentPath}&${sessionQuery(who, { language: ENGLISH })}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/html');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="key-facts-${orderNo}.html"`);
    expect(download.body).toContain('Key Facts Statement');
    expect(download.body).toContain(signed.textHash);
    expect(download.body).toContain(formatAmount(signed.totalRepayable, 'IN'));
    expect(download.body).toContain(signed.apr);

    const stranger = await openSession(t.app, '+919800000103');
    expect((await keyFacts(stranger, { orderNo })).code).toBe(ErrorCode.NotFound);
    const strangerDownload = await t.app.inject({ method: 'GET', url: `${signed.documentPath}&${sessionQuery(stranger)}` });
    expect(strangerDownload.json()).toMatchObject({ code: ErrorCode.NotFound });
  });

  it('has no statement for a Mexican loan, which keeps its CAT', async () => {
    const who = await openSession(t.app, '5598000104');
    expect((await keyFacts(who, { productId: String(pesoFlex.id) })).code).toBe(ErrorCode.NotFound);
    const orderNo = await pushOffer(t.app, who, pesoFlex.id);
    const details = await callBorrower<LoanDetails>(t.app, who, MachinePath.loanDetails, { orderId: orderNo });
    expect(details.data.keyFactsUrl).toBe('');
    expect((await keyFacts(who, { orderNo })).code).toBe(ErrorCode.NotFound);
  });
});

describe("Mexico's contract cover box (carátula)", () => {
  it('states the CAT, the ordinary annual rate and the commission beside the total, as drafted and as signed', async () => {
    const who = await openSession(t.app, '5598000105');
    const offer = { amountMinor: 730_000, termDays: 120 };
    await setOffer(who, pesoFlex.id, offer);
    const price = priceLoan(pesoFlex.pricing, offer.amountMinor, { termDays: offer.termDays });
    const cat = annualCost('MX', price, repaymentPlan(price));
    expect(cat.kind).toBe('CAT');
    const cover = { annualCostKind: 'CAT', annualCost: formatAnnualRate(cat.rate), interestRate: '18%', commissionRate: formatRatePercent(pesoFlex.pricing.commissionPpm) };
    const draft = (await getBorrower<ContractDetail>(t.app, who, MachinePath.contractDetail, { productId: String(pesoFlex.id) })).data;
    expect(draft).toMatchObject({ cover, contractAmount: price.totalRepayableMinor, commission: price.commissionMinor });
    const orderNo = await pushOffer(t.app, who, pesoFlex.id);
    const signed = (await getBorrower<ContractDetail>(t.app, who, MachinePath.contractDetail, { orderNo })).data;
    expect(signed).toMatchObject({ state: 'signed', cover, contractAmount: price.totalRepayableMinor, commission: price.commissionMinor });
  });
});
