import type { Language } from '@lend/contracts';
import { formatRatePercent, lateChargeBands, type CoolingOffRule, type EarlyRepaymentRule, type ExtensionRules, type LateChargeRules } from '@lend/domain';
import { list, p, type LegalBlock, type LegalContext } from './legal-document';

/**
 * The loan terms' sections on late charges, early repayment and extension, written from a
 * market's rules (LOAN_RULES) so the published text states exactly what the engine charges.
 */

function tierLines(language: Language, rules: LateChargeRules): string[] {
  const bands = lateChargeBands(rules);
  return bands.map((band, index) => {
    const rate = formatRatePercent(band.ppm);
    const last = index === bands.length - 1;
    if (language === 'es') {
      return band.toDay === null
        ? `${rate} diario a partir del día ${band.fromDay} de atraso hasta que se pague la deuda${last ? '.' : ';'}`
        : `${rate} diario del día ${band.fromDay} al día ${band.toDay} de atraso${last ? '.' : ';'}`;
    }
    return band.toDay === null
      ? `${rate} per day from day ${band.fromDay} of delay until the debt is paid${last ? '.' : ';'}`
      : `${rate} per day from day ${band.fromDay} to day ${band.toDay} of delay${last ? '.' : ';'}`;
  });
}

export function lateChargeBlocks(language: Language, rules: LateChargeRules, context: LegalContext): LegalBlock[] {
  const newClient = context.formatAmount(rules.lateFeeMinor.newClient);
  const repeatClient = context.formatAmount(rules.lateFeeMinor.repeatClient);
  const cap = formatRatePercent(rules.capPpmOfPrincipal);
  const flat = rules.dailyInterestTiers.length === 0;
  if (language === 'es') {
    const fee = `Si un pago se retrasa, se cobra una sola vez por préstamo, el primer día de atraso, un cargo único por atraso: ${newClient} para clientes nuevos y ${repeatClient} para clientes recurrentes (quienes ya pagaron un préstamo anterior con el Acreditante).`;
    const capText = `Todos los cargos por atraso de un préstamo juntos nunca superan el ${cap} del monto del préstamo.`;
    return flat
      ? [p(`${fee} Es un cargo fijo: no se cobra interés moratorio, no se suma a la tasa de interés y nunca se capitaliza. ${capText}`)]
      : [
          p(`${fee} Además, cada pago vencido genera interés moratorio diario sobre su saldo no pagado, nunca sobre cargos anteriores:`),
          list(...tierLines(language, rules)),
          p(capText),
        ];
  }
  const fee = `If a repayment is late, a one-time late fee is charged once per loan, on the first day of delay: ${newClient} for new clients and ${repeatClient} for repeat clients (those who have repaid an earlier loan with the Lender).`;
  const capText = `All late charges of a loan together never exceed ${cap} of the loan amount.`;
  return flat
    ? [
        p(
          `${fee} It is a flat penal charge, not penal interest: no daily late interest is charged, it is not added to the interest rate and it is never compounded. ${capText}`,
        ),
      ]
    : [
        p(`${fee} In addition, daily interest accrues on each late repayment's unpaid amount, never on earlier late charges:`),
        list(...tierLines(language, rules)),
        p(capText),
      ];
}

/**
 * The look-up period's exit (docs/decisions/150): within it the borrower leaves the loan by repaying
 * the principal and the APR's cost for the days held, whatever the early-repayment rule says.
 */
function lookUpExitBlocks(language: Language, rule: CoolingOffRule): LegalBlock[] {
  if (!rule) return [];
  return [
    p(
      language === 'es'
        ? `Durante el periodo de reflexión (${rule.days} días naturales desde el depósito, ${rule.shortLoanDays} para préstamos de menos de ${rule.shortBelowTermDays} días) puede salir del préstamo sin penalización pagando el principal y el costo anual total proporcional a los días que tuvo el dinero. La comisión ya retenida cuenta como parte de ese costo.`
        : `During the look-up period (${rule.days} calendar days from the remittance, ${rule.shortLoanDays} for loans shorter than ${rule.shortBelowTermDays} days) you may leave the loan without penalty by repaying the principal and the APR's cost for the days you held the money. The processing fee already kept counts towards that cost.`,
    ),
  ];
}

export function earlyRepaymentBlocks(language: Language, rule: EarlyRepaymentRule, coolingOff: CoolingOffRule = null): LegalBlock[] {
  return [...lookUpExitBlocks(language, coolingOff), ...earlyRepaymentRuleBlocks(language, rule)];
}

function earlyRepaymentRuleBlocks(language: Language, rule: EarlyRepaymentRule): LegalBlock[] {
  if (rule.kind === 'anyTime') {
    return [
      p(
        language === 'es'
          ? 'Puede pagar todo el préstamo por anticipado en cualquier momento. Solo se cobran intereses por los días en que usó el dinero.'
          : 'You may repay the whole loan early at any time. Interest is charged only for the days you used the money.',
      ),
    ];
  }
  const share = formatRatePercent(rule.termSharePpm);
  return [
    p(
      language === 'es'
        ? `Puede pagar todo el préstamo por anticipado una vez transcurrido el ${share} de su plazo, y no antes de ${rule.minDaysFromDisbursal} días naturales desde el depósito. Solo se cobran intereses por los días en que usó el dinero.`
        : `You may repay the whole loan early once ${share} of its term has elapsed, and not before ${rule.minDaysFromDisbursal} calendar days from the remittance. Interest is charged only for the days you used the money.`,
    ),
  ];
}

export function extensionBlocks(language: Language, rules: ExtensionRules): LegalBlock[] {
  return [
    p(
      language === 'es'
        ? `Puede pedir en la app una prórroga de ${rules.days} días de una fecha de pago, desde ${rules.opensDaysBeforeDue} días antes de esa fecha hasta ${rules.closesDaysAfterDue} días después, tantas veces como permita su contrato. La prórroga cuesta los intereses de esos ${rules.days} días sobre el monto del préstamo con su impuesto, más los cargos por atraso adeudados, y surte efecto solo cuando se pagan.`
        : `You may ask in the app to prolong a repayment date by ${rules.days} days, from ${rules.opensDaysBeforeDue} days before that date until ${rules.closesDaysAfterDue} days after it, as many times as your loan agreement allows. A prolongation costs the interest of those ${rules.days} days on the loan amount with its tax, plus any late charges owed, and takes effect only once they are paid.`,
    ),
  ];
}
