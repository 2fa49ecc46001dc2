import {
  ERROR_MESSAGES,
  ErrorCode,
  HomePath,
  LoanStatus,
  MACHINE_BASE,
  MachinePath,
  OperatorPath,
  type HomeResponse,
  type LoanConfirm,
  type ProductDetailResponse,
  type ProductListResponse,
  type ProductSummary,
} from '@lend/contracts';
import { addDays, annualCost, formatAnnualRate, formatDate, priceLoan, repaymentPlan, type Market } from '@lend/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders } from '../src/db/schema';
import { signInWithSms, type SignedIn } from './account-helpers';
import { createOrder, createRepayingOrders } from './factories';
import { approvedCreditFor } from './credit-factory';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, callOperatorApi, getBorrower, productByCode, pushOffer, sweepAt } from './loan-helpers';

let t: TestApp;
let mexican: SignedIn;
let indian: SignedIn;
const product: Record<'pesoFlex' | 'pesoPlus' | 'pesoMax' | 'rupeeEasy' | 'rupeePlus', ProductSummary> = {} as never;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  // Signed in as the native app does: the market is the one of the phone's country code.
  mexican = await signedInWithOffers( '55 1360 0001', 'MX', '+525513600001', 'mx-phone');
  indian = await signedInWithOffers( '98136 00002', 'IN', '+919813600002', 'in-phone');
  product.pesoFlex = await productByCode(t.app, 'peso-flex-91');
  product.pesoPlus = await productByCode(t.app, 'peso-plus-120');
  product.pesoMax = await productByCode(t.app, 'peso-max-180');
  product.rupeeEasy = await productByCode(t.app, 'rupee-easy-91');
  product.rupeePlus = await productByCode(t.app, 'rupee-plus-180');
});
afterAll(async () => t?.close());

/** Signed in as the native app does, holding the approvals a borrower who applied holds (credit-factory.ts). */
async function signedInWithOffers(...args: Parameters<typeof signInWithSms> extends [TestApp, ...infer Rest] ? Rest : never): Promise<SignedIn> {
  const who = await signInWithSms(t, ...args);
  await approvedCreditFor(t.database.db, Number(who.userId));
  return who;
}

const ENGLISH = '1';
const SPANISH = '2';
const refusal = (language: string) => ({
  status: 403,
  code: ErrorCode.ProductOfAnotherMarket,
  message: ERROR_MESSAGES[ErrorCode.ProductOfAnotherMarket][language === ENGLISH ? 'en' : 'es'],
  data: null,
});

const home = (who: BorrowerSession, language = SPANISH) => callBorrower<HomeResponse>(t.app, who, HomePath.home, {}, language);
const list = (who: BorrowerSession, language = SPANISH) => callBorrower<ProductListResponse>(t.app, who, HomePath.products, {}, language);
const detail = (who: BorrowerSession, productId: number, language = SPANISH) =>
  callBorrower<ProductDetailResponse>(t.app, who, HomePath.productDetail, { productId }, language);
const confirm = (who: BorrowerSession, productId: number, language = SPANISH) =>
  callBorrower<LoanConfirm>(t.app, who, MachinePath.loanConfirm, { productId }, language);
const orderCount = async () => (await t.database.db.select({ n: count() }).from(loanOrders))[0]?.n ?? 0;

/** The annual cost the domain works out for a product's default offer, as the screens write it. */
function domainCost(summary: ProductSummary, market: Market) {
  const price = priceLoan(summary.pricing, summary.pricing.defaultAmountMinor, { termDays: summary.pricing.termDays });
  const cost = annualCost(market, price, repaymentPlan(price));
  return { price, kind: cost.kind, rate: formatAnnualRate(cost.rate) };
}

describe('markets kept apart', () => {
  const cases = [
    { who: 'a +52 borrower', session: () => mexican, foreign: () => product.rupeeEasy, own: () => product.pesoFlex },
    { who: 'a +91 borrower', session: () => indian, foreign: () => product.pesoPlus, own: () => product.rupeeEasy },
  ];

  for (const { who, session, foreign, own } of cases) {
    describe(who, () => {
      it('is not shown the other market’s products on the home page or the product list', async () => {
        const ownMarket = own().market;
        for (const answer of [(await home(session())).data.products, (await list(session())).data.items]) {
          expect(answer.length).toBeGreaterThan(0);
          expect(answer.every((item) => item.market === ownMarket)).toBe(true);
          expect(answer.map((item) => item.productId)).not.toContain(foreign().id);
        }
      });

      it('is refused the other market’s product detail, confirmation and draft contract, in both languages', async () => {
        for (const language of [ENGLISH, SPANISH]) {
          expect(await detail(session(), foreign().id, language)).toMatchObject(refusal(language));
          expect(await confirm(session(), foreign().id, language)).toMatchObject(refusal(language));
          expect(await getBorrower(t.app, session(), MachinePath.contractDetail, { productId: String(foreign().id) }, language)).toMatchObject(refusal(language));
        }
      });

      it('cannot push an order on the other market’s product, even with its exact terms, and nothing is written', async () => {
        const before = await orderCount();
        const { pricing } = foreign();
        const terms = { productId: foreign().id, amount: pricing.defaultAmountMinor, periods: pricing.periods, termUnit: pricing.termDays / pricing.periods, agreement: '1' };
        for (const language of [ENGLISH, SPANISH]) {
          expect(await callBorrower(t.app, session(), MachinePath.loanPush, terms, language)).toMatchObject(refusal(language));
        }
        expect(await orderCount()).toBe(before);
      });

      it('is refused any order call that names the other market’s product', async () => {
        const orderNo = (await createOrder(t.database.db, Number(session().userId), LoanStatus.Disbursed, own().code)).orderNo;
        const named = { orderId: orderNo, productId: foreign().id };
        for (const path of [MachinePath.loanDetails, MachinePath.installmentDetail, MachinePath.delayDetail, MachinePath.installmentPayments, MachinePath.installmentPayoff]) {
          expect(await callBorrower(t.app, session(), path, named, ENGLISH)).toMatchObject(refusal(ENGLISH));
        }
        const instruction = { ...named, amount: 100, payCode: 'banco-demo', requestType: '2' };
        expect(await callBorrower(t.app, session(), MachinePath.repayInstruction, instruction, SPANISH)).toMatchObject(refusal(SPANISH));
        // The order under its own product still reads.
        expect((await callBorrower(t.app, session(), MachinePath.loanDetails, { orderId: orderNo, productId: own().id })).code).toBe(0);
      });
    });
  }

  it('keeps a loan given before on another market repayable, but offers no extension on it', async () => {
    const today = formatDate(new Date(), 'IN');
    const borrowerId = Number(mexican.userId);
    const [orderId = 0] = await createRepayingOrders(t.database.db, borrowerId, 'rupee-plus-180', 1, addDays(today, -2));
    await sweepAt(t.app, today);
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    const query = { orderId: order?.orderNo ?? '', productId: product.rupeePlus.id };
    expect((await callBorrower(t.app, mexican, MachinePath.installmentDetail, query)).code).toBe(0);
    expect(await callBorrower(t.app, mexican, MachinePath.delayDetail, query, ENGLISH)).toMatchObject(refusal(ENGLISH));
    const extension = { ...query, amount: 100, payCode: 'bank-demo-in', requestType: '2' };
    expect(await callBorrower(t.app, mexican, MachinePath.repayInstruction, extension)).toMatchObject(refusal(SPANISH));
  });
});

describe('the home page', () => {
  it('shows a Mexican borrower each peso product with its range, terms and CAT from the domain, in Spanish', async () => {
    const who = await signedInWithOffers( '5513600011', 'MX', '+525513600011', 'home-mx');
    const { code, data } = await home(who);
    expect(code).toBe(0);
    expect(data).toMatchObject({ market: 'MX', currency: 'MXN', blocked: null });
    expect(data.products.map((item) => item.productId)).toEqual([product.pesoFlex.id, product.pesoPlus.id, product.pesoMax.id]);
    const plus = data.products.find((item) => item.productId === product.pesoPlus.id);
    const expected = domainCost(product.pesoPlus, 'MX');
    const { pricing } = product.pesoPlus;
    expect(plus).toMatchObject({
      name: 'PesoPlus 120',
      currency: 'MXN',
      blocked: null,
      confirmUrl: `/loanConfirm?productId=${product.pesoPlus.id}`,
      borrow: {
        amount: { minMinor: pricing.minAmountMinor, maxMinor: pricing.maxAmountMinor, offeredMinor: pricing.defaultAmountMinor },
        term: { minDays: pricing.minTermDays, maxDays: pricing.maxTermDays, offeredDays: pricing.termDays, periods: pricing.periods },
        price: {
          principalMinor: expected.price.principalMinor,
          disbursalMinor: expected.price.disbursalMinor,
          totalRepayableMinor: expected.price.totalRepayableMinor,
          annualCost: { kind: 'CAT', rate: expected.rate, text: `CAT ${expected.rate} sin IVA. Para fines informativos y de comparación.` },
        },
      },
    });
    expect(data.maxAvailableMinor).toBe(Math.max(...data.products.map((item) => item.borrow?.amount.offeredMinor ?? 0)));
  });

  it('shows an Indian borrower the rupee products with the APR, in English', async () => {
    const who = await signedInWithOffers( '9813600012', 'IN', '+919813600012', 'home-in');
    const { data } = await home(who, ENGLISH);
    expect(data).toMatchObject({ market: 'IN', currency: 'INR', blocked: null });
    expect(data.products.map((item) => item.productId)).toEqual([product.rupeeEasy.id, product.rupeePlus.id]);
    const easy = data.products.find((item) => item.productId === product.rupeeEasy.id);
    const expected = domainCost(product.rupeeEasy, 'IN');
    expect(easy?.borrow?.price.principalMinor).toBe(expected.price.principalMinor);
    expect(easy?.borrow?.price.annualCost).toEqual({ kind: 'APR', rate: expected.rate, text: `APR ${expected.rate} a year (all charges included, as in the Key Facts Statement).` });
  });

  it('says an order is in progress on a product, and the others stay open', async () => {
    const who = await signedInWithOffers( '9813600021', 'IN', '+919813600021', 'home-progress');
    const orderNo = await pushOffer(t.app, who, product.rupeeEasy.id, ENGLISH);
    for (const [language, message] of [
      [ENGLISH, `Your order ${orderNo} on this product is still in progress. You can borrow on it again once that loan is repaid.`],
      [SPANISH, `Su pedido ${orderNo} en este producto sigue en curso. Podrá volver a solicitarlo cuando liquide ese préstamo.`],
    ] as const) {
      const { data } = await home(who, language);
      const easy = data.products.find((item) => item.productId === product.rupeeEasy.id);
      expect(easy).toMatchObject({ borrow: null, confirmUrl: '', blocked: { reason: 'orderInProgress', orderNo, until: null, message } });
      expect(data.products.find((item) => item.productId === product.rupeePlus.id)?.blocked).toBeNull();
      expect(data.blocked).toBeNull();
    }
  });

  it('stops every product while a loan is overdue, saying which, in both languages', async () => {
    const who = await signedInWithOffers( '5513600031', 'MX', '+525513600031', 'home-overdue');
    const today = formatDate(new Date(), 'MX');
    const [orderId = 0] = await createRepayingOrders(t.database.db, Number(who.userId), 'peso-plus-120', 1, addDays(today, -2));
    await sweepAt(t.app, today);
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    const orderNo = order?.orderNo ?? '';
    const es = (await home(who)).data;
    expect(es.blocked).toEqual({ reason: 'overdueLoan', orderNo, until: null, message: `Su préstamo ${orderNo} está vencido. Páguelo para volver a solicitar.` });
    expect(es.maxAvailableMinor).toBe(0);
    expect(es.products.every((item) => item.borrow === null && item.blocked?.reason === 'overdueLoan')).toBe(true);
    expect((await home(who, ENGLISH)).data.blocked?.message).toBe(`Your loan ${orderNo} is overdue. Repay it to borrow again.`);
    expect((await detail(who, product.pesoFlex.id, ENGLISH)).data).toMatchObject({ confirmation: null, product: { blocked: { reason: 'overdueLoan' } } });
  });

  it('says when the lender withdrew the offer', async () => {
    const who = await signedInWithOffers( '5513600041', 'MX', '+525513600041', 'home-withdrawn');
    await callBorrower(t.app, who, MachinePath.loanConfirm, { productId: product.pesoMax.id });
    await callOperatorApi(t.app, 'POST', OperatorPath.offerWithdraw, { userId: Number(who.userId), productId: product.pesoMax.id });
    const max = (await list(who)).data.items.find((item) => item.productId === product.pesoMax.id);
    expect(max?.blocked).toEqual({ reason: 'noOffer', orderNo: '', until: null, message: 'Por ahora no tiene una oferta de préstamo en este producto.' });
  });
});

describe('the product detail', () => {
  it('shows the figures the confirmation screen shows, without marking a revised offer seen', async () => {
    const who = await signedInWithOffers( '9813600051', 'IN', '+919813600051', 'detail-in');
    await callOperatorApi(t.app, 'POST', OperatorPath.offerSet, { userId: Number(who.userId), productId: product.rupeePlus.id, couponMinor: 5_000 });
    for (const language of [ENGLISH, SPANISH]) {
      const shown = await detail(who, product.rupeePlus.id, language);
      expect(shown.code).toBe(0);
      const confirmation = await confirm(who, product.rupeePlus.id, language);
      expect(shown.data.confirmation).toEqual(confirmation.data);
      expect(shown.data.confirmation).toMatchObject({ market: 'IN', couNum: 5_000, isNeedPop: 1 });
      expect(shown.data.product.borrow?.price.principalMinor).toBe(confirmation.data.amount);
      expect(shown.data.product.borrow?.price.annualCost.text).toBe(confirmation.data.ratemsg);
    }
  });

  it('refuses an unknown product as having no offer, and a call without a product as invalid', async () => {
    expect(await detail(mexican, 999_999, ENGLISH)).toMatchObject({ status: 404, code: ErrorCode.NoOffer, message: ERROR_MESSAGES[ErrorCode.NoOffer].en });
    expect(await detail(mexican, 999_999, SPANISH)).toMatchObject({ status: 404, code: ErrorCode.NoOffer, message: ERROR_MESSAGES[ErrorCode.NoOffer].es });
    expect(await callBorrower(t.app, mexican, HomePath.productDetail, {})).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
  });

  it('answers success in the borrower’s language', async () => {
    expect((await home(indian, ENGLISH)).message).toBe('Success');
    expect((await list(mexican, SPANISH)).message).toBe('Éxito');
  });

  it('needs a session', async () => {
    const answer = await callBorrower(t.app, { userId: mexican.userId, sessionId: 'not-a-session' }, HomePath.home, {});
    expect(answer.code).toBe(ErrorCode.SessionUnknown);
  });
});

describe('India’s demo borrower', () => {
  it('holds the coupon offer on a rupee product; Mexico’s demo borrower is offered pesos only', async () => {
    const ravi = await openSession(t.app, '+919800000001');
    const { data } = await confirm(ravi, product.rupeePlus.id, ENGLISH);
    expect(data).toMatchObject({ market: 'IN', couNum: 20_000 });
    const ana = await openSession(t.app, '+525500000001');
    expect((await home(ana)).data.products.every((item) => item.market === 'MX')).toBe(true);
  });
});

describe('the API description', () => {
  it('describes the home and product calls, the detail with its product and the reasons a product is closed', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const path of Object.values(HomePath)) expect(Object.keys(docs.paths[`${MACHINE_BASE}${path}`] ?? {})).toEqual(['post']);
    const home = JSON.stringify(docs.paths[`${MACHINE_BASE}${HomePath.home}`]);
    for (const reason of ['noOffer', 'orderInProgress', 'overdueLoan', 'profileIncomplete', 'declinedUntil']) expect(home).toContain(reason);
    expect(JSON.stringify(docs.paths[`${MACHINE_BASE}${HomePath.productDetail}`])).toContain('productId');
  });
});
