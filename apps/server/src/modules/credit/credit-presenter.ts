import type { CreditApplication, CreditOutcome, CreditReason, CreditStanding, Language, OperatorCreditDecision } from '@lend/contracts';
import { CREDIT_REASONS } from '@lend/contracts';
import type { CreditDecisionRow } from './credit-repository';
import { MARKET_SETTINGS } from '@lend/domain';
import { confirmUrl } from '../orders';
import { productMarket, type ProductRow } from '../products';
import type { ReferralView } from './credit-service';

const OUTCOME_TEXT: Record<Language, Record<CreditOutcome, string>> = {
  en: {
    approved: 'Your application is approved. You can borrow up to the amount shown.',
    referred: 'A credit officer will review your application. We will let you know the answer.',
    declined: 'We cannot offer you a loan on this product now.',
  },
  es: {
    approved: 'Su solicitud fue aprobada. Puede pedir hasta el monto indicado.',
    referred: 'Un analista de crédito revisará su solicitud. Le avisaremos la respuesta.',
    declined: 'Por ahora no podemos ofrecerle un préstamo en este producto.',
  },
};

/** Each reason as the borrower reads it: what counted, never the points. */
const REASON_TEXT: Record<Language, Record<CreditReason, string>> = {
  en: {
    under_age: 'You are younger than the minimum age for this product.',
    over_age: 'You would be older than this product allows before the loan ends.',
    identity_unverified: 'We could not verify your identity document against your name and date of birth.',
    duplicate_identity: 'Your identity document is registered to another account; we need to check it.',
    shared_payout_account: 'Your payout account is registered to another customer; we need to check it.',
    income_below_minimum: 'Your monthly income is below the minimum for this product.',
    debt_burden_too_high: 'Your monthly debt payments are too high for your income.',
    overdue_loan: 'You have a loan with us that is overdue.',
    serious_past_lateness: 'A past loan with us was repaid very late.',
    past_lateness: 'A past loan with us was repaid late.',
    ceiling_below_product_minimum: 'Your income does not allow this product’s smallest loan.',
    low_score: 'Your application did not reach the score this product needs.',
    borderline_score: 'Your application is close to the score this product needs.',
  },
  es: {
    under_age: 'Tiene menos de la edad mínima para este producto.',
    over_age: 'Superaría la edad que permite este producto antes de terminar el préstamo.',
    identity_unverified: 'No pudimos verificar su documento de identidad con su nombre y fecha de nacimiento.',
    duplicate_identity: 'Su documento de identidad está registrado en otra cuenta; necesitamos revisarlo.',
    shared_payout_account: 'Su cuenta de depósito está registrada por otro cliente; necesitamos revisarla.',
    income_below_minimum: 'Su ingreso mensual es menor al mínimo de este producto.',
    debt_burden_too_high: 'Sus pagos mensuales de deudas son demasiado altos para su ingreso.',
    overdue_loan: 'Tiene un préstamo con nosotros vencido.',
    serious_past_lateness: 'Un préstamo anterior con nosotros se pagó con mucho atraso.',
    past_lateness: 'Un préstamo anterior con nosotros se pagó con atraso.',
    ceiling_below_product_minimum: 'Su ingreso no alcanza el préstamo más pequeño de este producto.',
    low_score: 'Su solicitud no alcanzó la puntuación que necesita este producto.',
    borderline_score: 'Su solicitud está cerca de la puntuación que necesita este producto.',
  },
};

const isReason = (code: string): code is CreditReason => (CREDIT_REASONS as readonly string[]).includes(code);
const isOutcome = (value: string): value is CreditOutcome => value === 'approved' || value === 'referred' || value === 'declined';
const outcomeOf = (value: string): CreditOutcome => (isOutcome(value) ? value : 'referred');

/** The application's answer in the borrower's language. */
export function presentApplication(row: CreditDecisionRow, language: Language): CreditApplication {
  const outcome = outcomeOf(row.outcome);
  return {
    decisionId: row.id,
    productId: row.productId,
    outcome,
    message: OUTCOME_TEXT[language][outcome],
    reasons: outcome === 'approved' ? [] : row.reasons.filter(isReason).map((code) => ({ code, text: REASON_TEXT[language][code] })),
    amountCeilingMinor: outcome === 'approved' ? row.amountCeilingMinor : null,
    reapplyOn: outcome === 'declined' ? row.reapplyOn : null,
    decidedAt: (row.reviewedAt ?? row.decidedAt).toISOString(),
  };
}

/** A decision as a credit officer reads it: codes, points and the inputs beside them. */
export function presentOperatorDecision(view: ReferralView): OperatorCreditDecision {
  const review = view.reviewOutcome === 'approved' || view.reviewOutcome === 'declined' ? view.reviewOutcome : null;
  return {
    decisionId: view.id,
    borrowerId: view.borrowerId,
    borrowerName: view.borrowerName,
    productId: view.productId,
    productCode: view.product.code,
    productName: view.product.name,
    market: productMarket(view.product),
    currency: MARKET_SETTINGS[productMarket(view.product)].currency,
    outcome: outcomeOf(view.outcome),
    points: view.points,
    factors: view.factors,
    reasons: view.reasons.filter(isReason),
    rulesCeilingMinor: view.rulesCeilingMinor,
    amountCeilingMinor: view.amountCeilingMinor,
    reapplyOn: view.reapplyOn,
    ruleVersion: view.ruleVersion,
    inputs: view.inputs,
    factsChanged: view.factsChanged,
    decidedAt: view.decidedAt.toISOString(),
    review: review
      ? { outcome: review, officer: view.reviewedBy ?? '', reason: view.reviewReason ?? '', decidedAt: view.reviewedAt?.toISOString() ?? '' }
      : null,
  };
}

/** The apply screen's read (docs/decisions/241): the product, the profile's completeness, the standing decision in the borrower's language. */
export function presentStanding(product: ProductRow, profileComplete: boolean, decision: CreditDecisionRow | undefined, language: Language): CreditStanding {
  const market = productMarket(product);
  const approved = decision?.outcome === 'approved' && decision.amountCeilingMinor !== null;
  return {
    product: { productId: product.id, name: product.name, market, currency: MARKET_SETTINGS[market].currency, confirmUrl: approved ? confirmUrl(product.id) : '' },
    profileComplete,
    application: decision ? presentApplication(decision, language) : null,
  };
}
