import { fillTemplate, PLAN_BREAK_DAYS, type BorrowerPaymentPlan, type Language } from '@lend/contracts';
import { formatAmount, formatAnnualRate, type Market, type PlanSchedule } from '@lend/domain';

/** What a payment plan says to the borrower, as domain values (docs/decisions/250). */
export type PlanDisclosure = { orderNo: string; every: 'week' | 'fortnight'; schedule: PlanSchedule; annualRate: number };
type CostBox = NonNullable<BorrowerPaymentPlan['plan']>['costBox'];

/** The plan's text the borrower accepts: its hash is kept with the acceptance, so change a line only with care. Spanish in the formal "usted". */
const TEXTS = {
  en: {
    week: 'Your loan {orderNo} is re-scheduled into {count} weekly payments, with no new interest.',
    fortnight: 'Your loan {orderNo} is re-scheduled into {count} fortnightly payments, with no new interest.',
    payment: 'Payment {seq}: {amount} on {date}.',
    total: 'Total to pay: {total}.',
    waived: 'We waive the late charges owed: {amount}.',
    frozen: 'The late charges owed ({amount}) are part of the plan, paid first; no new ones are added while you keep it.',
    replaces: 'This plan replaces your unpaid installments. You may pay through any payment channel, and pay more or earlier if you wish.',
    broken: 'If a payment stays unpaid {days} days after its date, the plan ends: the loan is late again and late charges are added as your contract says.',
    cat: 'CAT (total annual cost) of the plan: {rate} without VAT, for information and comparison purposes.',
    apr: 'Annual percentage rate (APR) of the plan: {rate}.',
    catTitle: 'Total annual cost (CAT)',
    kfsTitle: 'Revised Key Facts Statement',
    rowNewInterest: 'New interest',
    rowCount: 'Number of payments',
    rowTotal: 'Total amount to pay',
    rowWaived: 'Late charges waived',
    catNote: 'Without VAT. For information and comparison purposes.',
    kfsNote: 'The schedule above is this statement’s repayment schedule. No fees or charges other than those shown apply.',
  },
  es: {
    week: 'Su préstamo {orderNo} se reestructura en {count} pagos semanales, sin intereses nuevos.',
    fortnight: 'Su préstamo {orderNo} se reestructura en {count} pagos quincenales, sin intereses nuevos.',
    payment: 'Pago {seq}: {amount} el {date}.',
    total: 'Total a pagar: {total}.',
    waived: 'Le condonamos los cargos por atraso adeudados: {amount}.',
    frozen: 'Los cargos por atraso adeudados ({amount}) forman parte del plan y se cubren primero; no se agregan nuevos mientras lo cumpla.',
    replaces: 'Este plan sustituye sus pagos pendientes. Puede pagar por cualquier canal de pago, y pagar más o antes si lo desea.',
    broken: 'Si un pago queda sin cubrir {days} días después de su fecha, el plan termina: el préstamo vuelve a estar en atraso y se generan cargos por atraso conforme a su contrato.',
    cat: 'CAT (Costo Anual Total) del plan: {rate} sin IVA, para fines informativos y de comparación.',
    apr: 'Tasa de porcentaje anual (APR) del plan: {rate}.',
    catTitle: 'Costo Anual Total (CAT)',
    kfsTitle: 'Declaración de datos clave revisada',
    rowNewInterest: 'Intereses nuevos',
    rowCount: 'Número de pagos',
    rowTotal: 'Total a pagar',
    rowWaived: 'Cargos por atraso condonados',
    catNote: 'Sin IVA. Para fines informativos y de comparación.',
    kfsNote: 'El calendario anterior es el calendario de pagos de esta declaración. No aplican comisiones ni cargos distintos de los mostrados.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export function planLines(plan: PlanDisclosure, market: Market, language: Language): string[] {
  const t = TEXTS[language];
  const amount = (minor: number) => formatAmount(minor, market);
  const { schedule } = plan;
  return [
    fillTemplate(t[plan.every], { orderNo: plan.orderNo, count: schedule.installments.length }),
    ...schedule.installments.map((i) => fillTemplate(t.payment, { seq: i.seq, amount: amount(i.amountMinor), date: i.dueDate })),
    fillTemplate(t.total, { total: amount(schedule.totalMinor) }),
    ...(schedule.waivedLateChargesMinor > 0 ? [fillTemplate(t.waived, { amount: amount(schedule.waivedLateChargesMinor) })] : []),
    ...(schedule.frozenLateChargesMinor > 0 ? [fillTemplate(t.frozen, { amount: amount(schedule.frozenLateChargesMinor) })] : []),
    t.replaces,
    fillTemplate(t.broken, { days: PLAN_BREAK_DAYS }),
    fillTemplate(market === 'MX' ? t.cat : t.apr, { rate: formatAnnualRate(plan.annualRate) }),
  ];
}

/** The cost box beside the schedule: Mexico's CAT box, India's revised Key Facts Statement summary. */
export function planCostBox(plan: PlanDisclosure, market: Market, language: Language): CostBox {
  const t = TEXTS[language];
  const amount = (minor: number) => formatAmount(minor, market);
  const rate = formatAnnualRate(plan.annualRate);
  const common = [
    { label: t.rowNewInterest, value: amount(0) },
    { label: t.rowCount, value: String(plan.schedule.installments.length) },
    { label: t.rowTotal, value: amount(plan.schedule.totalMinor) },
    { label: t.rowWaived, value: amount(plan.schedule.waivedLateChargesMinor) },
  ];
  return market === 'MX'
    ? { kind: 'CAT', title: t.catTitle, rows: [{ label: 'CAT', value: rate }, ...common], note: t.catNote }
    : { kind: 'KFS', title: t.kfsTitle, rows: [{ label: 'APR', value: rate }, ...common], note: t.kfsNote };
}
