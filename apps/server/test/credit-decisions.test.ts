import {
  CreditPath,
  ERROR_MESSAGES,
  ErrorCode,
  HomePath,
  MACHINE_BASE,
  MachinePath,
  OPERATOR_BASE,
  OperatorCreditPath,
  PrivacyPath,
  ProfilePath,
  type BorrowerData,
  type CreditApplication,
  type HomeResponse,
  type LoanConfirm,
  type LoanPush,
  type OperatorCreditDecision,
  type PhoneMarket,
  type ProductSummary,
} from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_COMMANDS } from '../src/cli/credit-commands';
import { creditDecisions, loanOrders } from '../src/db/schema';
import { signInWithSms } from './account-helpers';
import { createOrder } from './factories';
import { behindBalancer, createTestApp, GENEROUS_BORROWER_CAPS, openSession, operatorCommandLine, type TestApp } from './helper';
import { callBorrower, productByCode } from './loan-helpers';
import { myDataOf, privacyCall } from './privacy-helpers';
import { certifiedAccountOf, newBorrower, profileCalls, type Borrower } from './profile-helpers';

let t: TestApp;
let context: Awaited<ReturnType<typeof operatorCommandLine>>;
const product: Record<'pesoFlex' | 'pesoMax' | 'rupeeEasy', ProductSummary> = {} as never;

beforeAll(async () => {
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS });
  context = await operatorCommandLine(t);
  product.pesoFlex = await productByCode(t.app, 'peso-flex-91');
  product.pesoMax = await productByCode(t.app, 'peso-max-180');
  product.rupeeEasy = await productByCode(t.app, 'rupee-easy-91');
});
afterAll(async () => t?.close());

const { call, certify } = profileCalls(() => t);
const ENGLISH = '1';
const SPANISH = '2';
const apply = (who: Borrower, productId: number, language: string = who.language) => call<CreditApplication>(who, CreditPath.apply, { productId }, language);
const home = (who: Borrower) => callBorrower<HomeResponse>(t.app, who, HomePath.home, {}, who.language);
const confirm = (who: Borrower, productId: number) => callBorrower<LoanConfirm>(t.app, who, MachinePath.loanConfirm, { productId }, who.language);
const push = (who: Borrower, productId: number, amount: number, offer: LoanConfirm) =>
  callBorrower<LoanPush>(t.app, who, MachinePath.loanPush, { productId, amount, periods: offer.periods, termUnit: offer.termUnit, agreement: '1' }, who.language);
const today = (market: PhoneMarket) => formatDate(new Date(), market);
const message = (code: keyof typeof ERROR_MESSAGES, language: 'en' | 'es', field: string) => ERROR_MESSAGES[code][language].replace('{field}', field);

async function cli(words: string[], options: Record<string, string[]> = {}, positionals: string[] = []): Promise<string[]> {
  const command = CREDIT_COMMANDS.find((c) => c.words.join(' ') === words.join(' '));
  if (!command) throw new Error(`no command ${words.join(' ')}`);
  context.printed.length = 0;
  await command.run(context, options, positionals);
  return [...context.printed];
}

async function decisionRows(borrowerId: string) {
  return t.database.db.select().from(creditDecisions).where(eq(creditDecisions.borrowerId, Number(borrowerId)));
}

// The first applicant of each market holds the example identity alone; later ones share it, which refers them.
describe('the walk from the sign-in code to an order', () => {
  const walks = [
    { market: 'MX', phone: '5513700001', e164: '+525513700001', language: SPANISH, code: () => product.pesoFlex, ceiling: 1_500_000 },
    { market: 'IN', phone: '9813700002', e164: '+919813700002', language: ENGLISH, code: () => product.rupeeEasy, ceiling: 4_000_000 },
  ] as const;
  for (const walk of walks) {
    it(`signs in, completes the profile, applies, is approved and pushes an order (${walk.market})`, async () => {
      const signed = await signInWithSms(t, walk.phone, walk.market, walk.e164, `walk-${walk.market}`);
      const who: Borrower = { userId: signed.userId, sessionId: signed.sessionId, market: walk.market, language: walk.language };
      const { id } = walk.code();

      const before = await home(who);
      expect(before.data.products.every((item) => item.blocked?.reason === 'profileIncomplete' && item.borrow === null)).toBe(true);
      const early = await apply(who, id);
      expect(early.body.code).toBe(ErrorCode.CreditProfileIncomplete);
      expect(early.body.message).toContain('identity');
      expect((await confirm(who, id)).code).toBe(ErrorCode.CreditProfileIncomplete);

      const info = await certify(who);
      expect(info.complete).toBe(true);
      expect((await home(who)).data.products.find((item) => item.productId === id)?.blocked?.reason).toBe('applyFirst');
      expect((await confirm(who, id)).code).toBe(ErrorCode.CreditNotApproved);

      const applied = await apply(who, id);
      expect(applied.body).toMatchObject({ code: 0, data: { outcome: 'approved', reasons: [], amountCeilingMinor: walk.ceiling, reapplyOn: null } });
      const [row] = await decisionRows(who.userId);
      expect(row).toMatchObject({ outcome: 'approved', rulesOutcome: 'approved', ruleVersion: 'scorecard-2026-11', decidedBy: 'scorecard' });
      expect(row?.inputs).toMatchObject({ monthlyIncomeMinor: walk.market === 'MX' ? 1_500_000 : 4_000_000, identityVerified: true, duplicateIdentity: false });

      const onHome = (await home(who)).data.products.find((item) => item.productId === id);
      expect(onHome?.blocked).toBeNull();
      expect(onHome?.borrow?.amount.maxMinor).toBe(walk.ceiling);
      const offer = await confirm(who, id);
      expect(offer.code).toBe(0);
      const pushed = await push(who, id, offer.data.amount, offer.data);
      expect(pushed.code).toBe(0);
      const [orders] = await t.database.db.select({ n: count() }).from(loanOrders).where(eq(loanOrders.borrowerId, Number(who.userId)));
      expect(orders?.n).toBe(1);
    });
  }

  it('caps what the borrower may push at the ceiling of the decision', async () => {
    const who = await newBorrower(t, 'MX');
    await certify(who);
    const applied = await apply(who, product.pesoMax.id);
    // A second holder of the example identity: an officer decides, with the rules' ceiling.
    expect(applied.body.data).toMatchObject({ outcome: 'referred', reasons: [{ code: 'duplicate_identity' }] });
    await cli(['credit', 'approve'], { ceiling: ['1000000'], officer: ['Marta Ruiz'], reason: ['Same person, new phone: checked by call'] }, [String(applied.body.data.decisionId)]);
    const offer = await confirm(who, product.pesoMax.id);
    expect(offer.code).toBe(0);
    expect(offer.data.amount).toBe(1_000_000);
    const above = await push(who, product.pesoMax.id, 1_500_000, offer.data);
    expect(above).toMatchObject({ code: ErrorCode.CreditAmountAboveCeiling });
    expect((await push(who, product.pesoMax.id, 1_000_000, offer.data)).code).toBe(0);
  });
});

describe('a declined applicant', () => {
  it('is told why in Spanish, and in English the day they may apply again; the home says so', async () => {
    const who = await newBorrower(t, 'MX');
    await certify(who);
    const low = await call(who, ProfilePath.employment, { employment: 'employed', employerName: 'Tienda', monthlyIncomeMinor: 300_000, monthlyDebtPaymentsMinor: 0 });
    expect(low.body.code).toBe(0);
    const applied = await apply(who, product.pesoFlex.id, SPANISH);
    const reapplyOn = addDays(today('MX'), 30);
    expect(applied.body).toMatchObject({
      code: 0,
      data: {
        outcome: 'declined',
        message: 'Por ahora no podemos ofrecerle un préstamo en este producto.',
        reasons: [{ code: 'income_below_minimum', text: 'Su ingreso mensual es menor al mínimo de este producto.' }],
        amountCeilingMinor: null,
        reapplyOn,
      },
    });
    const again = await apply(who, product.pesoFlex.id, ENGLISH);
    expect(again.body).toEqual({ code: ErrorCode.CreditDeclinedUntil, message: message(ErrorCode.CreditDeclinedUntil, 'en', reapplyOn), data: null });
    const item = (await home(who)).data.products.find((p) => p.productId === product.pesoFlex.id);
    expect(item?.blocked).toMatchObject({ reason: 'declinedUntil', until: reapplyOn });
    expect((await confirm(who, product.pesoFlex.id)).code).toBe(ErrorCode.CreditDeclinedUntil);
    expect(await decisionRows(who.userId)).toHaveLength(1);
  });

  it('is declined in English, with the reason in Spanish too', async () => {
    const who = await newBorrower(t, 'IN');
    await certify(who);
    await call(who, ProfilePath.employment, { employment: 'self-employed', monthlyIncomeMinor: 500_000 });
    const applied = await apply(who, product.rupeeEasy.id, ENGLISH);
    expect(applied.body.data).toMatchObject({ outcome: 'declined', reasons: [{ code: 'income_below_minimum', text: 'Your monthly income is below the minimum for this product.' }] });
    const spanish = await apply(who, product.rupeeEasy.id, SPANISH);
    expect(spanish.body.message).toBe(message(ErrorCode.CreditDeclinedUntil, 'es', addDays(today('IN'), 30)));
  });
});

describe('a referred applicant and the credit officer', () => {
  it('is told in English and Spanish that an officer reviews; the officer lists, declines with a reason, and the borrower waits', async () => {
    const who = await newBorrower(t, 'IN');
    await certify(who);
    const english = await apply(who, product.rupeeEasy.id, ENGLISH);
    expect(english.body.data).toMatchObject({
      outcome: 'referred',
      message: 'A credit officer will review your application. We will let you know the answer.',
      reasons: [{ code: 'duplicate_identity', text: 'Your identity document is registered to another account; we need to check it.' }],
      amountCeilingMinor: null,
    });
    const spanish = await apply(who, product.rupeeEasy.id, SPANISH);
    expect(spanish.body.data).toMatchObject({ decisionId: english.body.data.decisionId, outcome: 'referred', reasons: [{ text: 'Su documento de identidad está registrado en otra cuenta; necesitamos revisarlo.' }] });
    expect((await confirm(who, product.rupeeEasy.id)).code).toBe(ErrorCode.CreditUnderReview);
    expect((await home(who)).data.products.find((p) => p.productId === product.rupeeEasy.id)?.blocked?.reason).toBe('underReview');

    const listed = (await cli(['credit', 'referrals'])).map((line) => JSON.parse(line) as OperatorCreditDecision);
    const mine = listed.find((item) => item.decisionId === english.body.data.decisionId);
    expect(mine).toMatchObject({ outcome: 'referred', productCode: 'rupee-easy-91', market: 'IN', currency: 'INR', borrowerName: expect.any(String), reasons: ['duplicate_identity'], rulesCeilingMinor: 4_000_000, review: null });
    expect(mine?.inputs).toMatchObject({ duplicateIdentity: true, monthlyIncomeMinor: 4_000_000 });

    await expect(cli(['credit', 'approve'], { ceiling: ['4000100'], officer: ['Marta Ruiz'], reason: ['Too much'] }, [String(mine?.decisionId)])).rejects.toMatchObject({ name: 'OperatorCallError', code: ErrorCode.CreditCeilingAboveRules });
    const declined = JSON.parse((await cli(['credit', 'decline'], { officer: ['Marta Ruiz'], reason: ['Papers belong to another person'] }, [String(mine?.decisionId)]))[0] ?? 'null') as OperatorCreditDecision;
    expect(declined).toMatchObject({ outcome: 'declined', reapplyOn: addDays(today('IN'), 30), review: { outcome: 'declined', officer: 'Marta Ruiz (operator token)', reason: 'Papers belong to another person' } });
    await expect(cli(['credit', 'decline'], { officer: ['Marta Ruiz'], reason: ['Again'] }, [String(mine?.decisionId)])).rejects.toMatchObject({ name: 'OperatorCallError', code: ErrorCode.CreditReferralNotFound });
    expect((await apply(who, product.rupeeEasy.id)).body.code).toBe(ErrorCode.CreditDeclinedUntil);
    expect((await cli(['credit', 'referrals'])).some((line) => line.includes(`"decisionId":${mine?.decisionId},`))).toBe(false);
  });
});

describe('a payout account another borrower holds', () => {
  it('refers the application to an officer, with the reason in the borrower’s language', async () => {
    const [first, second, third] = [await newBorrower(t, 'MX'), await newBorrower(t, 'MX'), await newBorrower(t, 'MX')];
    for (const who of [first, second, third]) await certify(who);
    // The second borrower saves the first one's CLABE; the third keeps their own.
    expect((await call(second, ProfilePath.payoutBind, certifiedAccountOf(first))).body.code).toBe(0);
    const shared = await apply(second, product.pesoFlex.id);
    expect(shared.body.data.outcome).toBe('referred');
    expect(shared.body.data.reasons).toContainEqual({ code: 'shared_payout_account', text: 'Su cuenta de depósito está registrada por otro cliente; necesitamos revisarla.' });
    const own = await apply(third, product.pesoFlex.id);
    expect(own.body.data.reasons.map((reason) => reason.code)).not.toContain('shared_payout_account');
  });
});

describe('refusals', () => {
  it('refuses a Mexican phone India’s product when applying, and writes nothing', async () => {
    const who = await newBorrower(t, 'MX');
    await certify(who);
    const refused = await apply(who, product.rupeeEasy.id);
    expect(refused.body).toEqual({ code: ErrorCode.ProductOfAnotherMarket, message: ERROR_MESSAGES[ErrorCode.ProductOfAnotherMarket].es, data: null });
    expect(await decisionRows(who.userId)).toHaveLength(0);
  });

  it('refuses applying while an order on the product is in progress, and borrowing while a loan is overdue', async () => {
    const session = await openSession(t.app, '+525513700099');
    const who: Borrower = { ...session, market: 'MX', language: SPANISH };
    await createOrder(t.database.db, Number(who.userId), 180, 'peso-max-180');
    expect((await confirm(who, product.pesoFlex.id)).code).toBe(ErrorCode.OverdueLoanBlocksBorrowing);
    const offer: LoanConfirm = { periods: product.pesoFlex.pricing.periods, termUnit: product.pesoFlex.pricing.termDays } as LoanConfirm;
    expect((await push(who, product.pesoFlex.id, product.pesoFlex.pricing.defaultAmountMinor, offer)).code).toBe(ErrorCode.OverdueLoanBlocksBorrowing);
    await t.database.db.delete(creditDecisions).where(eq(creditDecisions.borrowerId, Number(who.userId)));
    await certify(who);
    expect((await apply(who, product.pesoMax.id)).body.code).toBe(ErrorCode.OrderInProgress);
  });
});

describe('concurrent applications on two servers', () => {
  let balanced: TestApp;
  let second: TestApp | undefined;
  beforeAll(async () => {
    ({ balanced, second } = await behindBalancer(t, { borrowerCaps: GENEROUS_BORROWER_CAPS }));
  });
  afterAll(async () => second?.close());
  const throughBalancer = profileCalls(() => balanced);

  it('twenty applications at once give one decision, and every answer is that decision', async () => {
    const who = await newBorrower(t, 'MX');
    await certify(who);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => throughBalancer.call<CreditApplication>(who, CreditPath.apply, { productId: product.pesoFlex.id }, who.language)),
    );
    expect(answers.every((answer) => answer.body.code === 0)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.data.decisionId)).size).toBe(1);
    expect(await decisionRows(who.userId)).toHaveLength(1);
  });
});

describe('privacy', () => {
  it('the data download holds the decisions; deletion keeps them without the applicant’s facts', async () => {
    const signed = await signInWithSms(t, '5513700077', 'MX', '+525513700077', 'privacy-credit');
    const who: Borrower = { userId: signed.userId, sessionId: signed.sessionId, market: 'MX', language: SPANISH };
    await certify(who);
    await apply(who, product.pesoFlex.id);
    const data = await myDataOf(t.app, who);
    const decisions: BorrowerData['creditDecisions'] = data.data.creditDecisions;
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ productId: product.pesoFlex.id, ruleVersion: 'scorecard-2026-11', inputs: { dateOfBirth: '1956-04-27' } });

    const deleted = await privacyCall(t.app, who, PrivacyPath.deleteAccount, {}, SPANISH);
    expect(deleted.code).toBe(0);
    const [kept] = await decisionRows(who.userId);
    expect(kept).toMatchObject({ outcome: 'referred', points: expect.any(Number), ruleVersion: 'scorecard-2026-11', personalDataErasedAt: expect.any(Date) });
    expect(kept?.inputs).not.toHaveProperty('dateOfBirth');
    expect(kept?.inputs).not.toHaveProperty('monthlyIncomeMinor');
    expect(kept?.inputs).toHaveProperty('history');
  });
});

describe('the OpenAPI description', () => {
  it('describes the apply call with its outcomes and reasons, and the officer’s calls', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const applyDoc = JSON.stringify(docs.paths[`${MACHINE_BASE}${CreditPath.apply}`]);
    for (const word of ['productId', 'approved', 'referred', 'declined', 'duplicate_identity', 'reapplyOn']) expect(applyDoc).toContain(word);
    expect(Object.keys(docs.paths[`${OPERATOR_BASE}${OperatorCreditPath.referrals}`] ?? {})).toEqual(['get']);
    expect(Object.keys(docs.paths[`${OPERATOR_BASE}/credit/referrals/{decisionId}/approve`] ?? {})).toEqual(['post']);
  });
});
