import { MachinePath, OperatorPath, type ContractDetail, type Language } from '@lend/contracts';
import { addDays, formatAmount, formatRatePercent, lateChargeBands, LOAN_RULES, parseMajorAmount, type Market } from '@lend/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The published terms are the web's text; this test proves they say what the engine charges.
import type { LegalBlock } from '../../web/src/features/site/legal/legal-document';
import { loanTerms } from '../../web/src/features/site/legal/loan-terms';
import { loanInstallments, loanOrders } from '../src/db/schema';
import { createTestApp, openSession, type TestApp } from './helper';
import { getBorrower, operatorStep, productByCode, pushOffer, sweepAt } from './loan-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const blockText = (block: LegalBlock) =>
  'paragraph' in block ? block.paragraph.map((part) => (typeof part === 'string' ? part : part.text)).join('') : block.list.join('\n');

/** The whole published loan terms of a market, as text. */
function publishedTerms(language: Language, market: Market): string {
  const document = loanTerms[language]({ company: null, market, brand: 'Demo', formatAmount: (minor) => formatAmount(minor, market) });
  return document.sections.map((section) => section.blocks.map(blockText).join('\n')).join('\n');
}

/** The phrases each market's rules must be stated by, in the words of both the terms and the contract. */
function statedRules(language: Language, market: Market): RegExp[] {
  const { lateCharges, earlyRepayment, extension } = LOAN_RULES[market];
  const amount = (minor: number) => formatAmount(minor, market).replace(/[$.]/g, '\\$&');
  const cap = formatRatePercent(lateCharges.capPpmOfPrincipal);
  if (earlyRepayment.kind !== 'afterShareOfTerm') throw new Error('both markets repay early after a share of the term');
  const share = formatRatePercent(earlyRepayment.termSharePpm);
  const min = earlyRepayment.minDaysFromDisbursal;
  const es = language === 'es';
  const tiers = lateChargeBands(lateCharges).map((band) => {
    const rate = formatRatePercent(band.ppm);
    if (band.toDay === null) return es ? new RegExp(`${rate} diario a partir del día ${band.fromDay} de atraso`) : new RegExp(`${rate} (a|per) day from day ${band.fromDay} of delay until`);
    return es
      ? new RegExp(`${rate} diario del día ${band.fromDay} al día ${band.toDay} de atraso`)
      : new RegExp(`${rate} (a|per) day from day ${band.fromDay} to day ${band.toDay} of delay`);
  });
  const flat = tiers.length === 0 ? [es ? /no se suma a la tasa de interés y nunca se capitaliza/ : /not added to the interest rate and it is never compounded/] : [];
  return [
    new RegExp(amount(lateCharges.lateFeeMinor.newClient)),
    new RegExp(amount(lateCharges.lateFeeMinor.repeatClient)),
    ...tiers,
    ...flat,
    es ? new RegExp(`${cap} del monto del préstamo`) : new RegExp(`${cap} of the loan amount`),
    es ? new RegExp(`transcurrido (el )?${share} de su plazo,? y no antes de ${min} días`) : new RegExp(`once ${share} of its term has elapsed,? and not before ${min} (calendar )?days`),
    es ? new RegExp(`${extension.days} días`) : new RegExp(`by ${extension.days} days`),
    es
      ? new RegExp(`desde ${extension.opensDaysBeforeDue} días antes de esa fecha hasta ${extension.closesDaysAfterDue} días después`)
      : new RegExp(`from ${extension.opensDaysBeforeDue} days before that date until ${extension.closesDaysAfterDue} days after it`),
  ];
}

/** The late figures as the terms text states them: the new client's fee, the daily percent by day of lateness, and the cap. */
function figuresRead(text: string, language: Language) {
  const fee = (language === 'es' ? /: ([^\s:]+) para clientes nuevos/ : /: ([^\s:]+) for new clients/).exec(text)?.[1] ?? '';
  const tiers = [...text.matchAll(language === 'es' ? /([\d.]+)% diario (?:del|a partir del) día (\d+)/g : /([\d.]+)% per day from day (\d+)/g)].map((m) => ({
    percent: Number(m[1]),
    fromDay: Number(m[2]),
  }));
  const cap = Number((language === 'es' ? /nunca superan el ([\d.]+)%/ : /never exceed ([\d.]+)%/).exec(text)?.[1]);
  return {
    feeMinor: parseMajorAmount(fee.replace(/^[^\d]+/, '')) ?? Number.NaN,
    percentOnDay: (day: number) => tiers.filter((tier) => tier.fromDay <= day).at(-1)?.percent ?? 0,
    capPercent: cap,
  };
}

const cases = [
  { market: 'MX', language: 'es', product: 'peso-plus-120', phone: '5588880001', lateDays: [1, 29, 31] },
  { market: 'IN', language: 'en', product: 'rupee-plus-180', phone: '9888880002', lateDays: [1, 40] },
] as const;

describe.each(cases)('the published terms and the contract of $market', ({ market, language, product, phone, lateDays }) => {
  it('state the same late fee, daily interest or flat rule, cap, early repayment and extension as the loan rules', async () => {
    const session = await openSession(t.app, phone, market);
    const { id: productId } = await productByCode(t.app, product);
    const orderNo = await pushOffer(t.app, session, productId, language === 'en' ? '1' : '2');
    const contract = await getBorrower<ContractDetail>(t.app, session, MachinePath.contractDetail, { orderNo }, language === 'en' ? '1' : '2');
    expect(contract.data.language).toBe(language);
    const contractText = contract.data.clauses.map((clause) => clause.body).join('\n');
    const termsText = publishedTerms(language, market);

    for (const phrase of statedRules(language, market)) {
      expect(termsText).toMatch(phrase);
      expect(contractText).toMatch(phrase);
    }
    // The market's terms state the same rules in the other language too (docs/decisions/147).
    const other: Language = language === 'en' ? 'es' : 'en';
    for (const phrase of statedRules(other, market)) expect(publishedTerms(other, market)).toMatch(phrase);
    if (LOAN_RULES[market].lateCharges.dailyInterestTiers.length === 0) {
      expect(termsText).not.toMatch(/% (a|per) day from day|% diario (del|a partir del) día/);
      expect(contractText).not.toMatch(/% (a|per) day from day|% diario (del|a partir del) día/);
    }
  });

  it('are what the clock charges, read from the amounts and rates the terms state', async () => {
    const session = await openSession(t.app, `${phone.slice(0, -1)}9`, market);
    const { id: productId } = await productByCode(t.app, product);
    const orderNo = await pushOffer(t.app, session, productId);
    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    await operatorStep(t.app, OperatorPath.orderDisburse, orderNo);
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
    if (!order?.dueDate) throw new Error('the order was not paid out');
    const installments = await t.database.db.select().from(loanInstallments).where(eq(loanInstallments.orderId, order.id)).orderBy(asc(loanInstallments.seq));

    const terms = figuresRead(publishedTerms(language, market), language);
    const firstDue = order.dueDate;
    for (const late of lateDays) await sweepAt(t.app, addDays(firstDue, late));
    const today = addDays(firstDue, lateDays.at(-1) ?? 0);

    // A new client's fee, then each day's percent of each late installment, rounded half up, within the cap.
    let expected = terms.feeMinor;
    for (const installment of installments) {
      for (let day = 1; installment.dueDate && addDays(installment.dueDate, day) <= today; day += 1) {
        expected += Math.floor((2 * installment.amountMinor * terms.percentOnDay(day) + 100) / 200);
      }
    }
    expected = Math.min(expected, (order.principalMinor * terms.capPercent) / 100);
    const [charged] = await t.database.db.select({ penaltyMinor: loanOrders.penaltyMinor }).from(loanOrders).where(eq(loanOrders.id, order.id));
    expect(charged?.penaltyMinor).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });
});

describe('the look-up period exit in the published terms', () => {
  it.each(['en', 'es'] as const)('is stated with its days where the market has one (%s)', (language) => {
    const rule = LOAN_RULES.IN.coolingOff;
    if (!rule) throw new Error('India has a look-up period');
    const india = publishedTerms(language, 'IN');
    const stated = language === 'es' ? `periodo de reflexión (${rule.days} días naturales desde el depósito, ${rule.shortLoanDays} para préstamos de menos de ${rule.shortBelowTermDays} días)` : `look-up period (${rule.days} calendar days from the remittance, ${rule.shortLoanDays} for loans shorter than ${rule.shortBelowTermDays} days)`;
    expect(india).toContain(stated);
    expect(publishedTerms(language, 'MX')).not.toMatch(language === 'es' ? /periodo de reflexión/ : /look-up period/);
  });
});
