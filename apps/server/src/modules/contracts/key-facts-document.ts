import { fillTemplate, type KeyFactsBody, type Language } from '@lend/contracts';
import { formatAmount } from '@lend/domain';
import { escapeHtml } from '../../html-escape';

/** The printable statement's headings; its figures and texts are the statement's own. */
const LABELS = {
  en: {
    title: 'Key Facts Statement',
    draft: 'Draft: the statement you sign by confirming this loan.',
    signed: 'Signed with the loan agreement {orderNo}. SHA-256 of this statement: {hash}',
    issuedOn: 'Date',
    lender: 'Lender',
    cin: 'CIN',
    nbfc: 'RBI registration (NBFC)',
    borrower: 'Borrower',
    product: 'Product',
    part1: 'Part 1: Interest rate and fees/charges',
    loanAmount: 'Loan amount',
    term: 'Loan term',
    termValue: '{termDays} days, {periods, plural, one {# instalment} other {# instalments}}, one every {periodDays} days',
    interestRate: 'Interest rate',
    interest: 'Total interest',
    charges: 'Fees and charges',
    netDisbursed: 'Net disbursed amount',
    totalRepayable: 'Total amount to be paid by the borrower',
    apr: 'Annual Percentage Rate (APR)',
    late: 'Late (penal) charges',
    part2: 'Part 2: Other qualitative information',
    grievance: 'Grievance Redressal Officer',
    annex: 'Annex: Repayment schedule',
    seq: 'No.',
    dueDate: 'Due date',
    dueDay: 'day {day} after payout',
    principal: 'Principal',
    interestShort: 'Interest',
    tax: 'GST',
    amount: 'Instalment',
  },
  es: {
    title: 'Hoja de datos clave',
    draft: 'Borrador: la hoja que firma al confirmar este préstamo.',
    signed: 'Firmada con el contrato de préstamo {orderNo}. SHA-256 de esta hoja: {hash}',
    issuedOn: 'Fecha',
    lender: 'Prestamista',
    cin: 'CIN',
    nbfc: 'Registro ante el RBI (NBFC)',
    borrower: 'Acreditado',
    product: 'Producto',
    part1: 'Parte 1: Tasa de interés y comisiones/cargos',
    loanAmount: 'Monto del préstamo',
    term: 'Plazo',
    termValue: '{termDays} días, {periods, plural, one {# pago} other {# pagos}}, uno cada {periodDays} días',
    interestRate: 'Tasa de interés',
    interest: 'Intereses totales',
    charges: 'Comisiones y cargos',
    netDisbursed: 'Monto neto desembolsado',
    totalRepayable: 'Total a pagar por el acreditado',
    apr: 'Tasa anual equivalente (TAE/APR)',
    late: 'Cargos por atraso',
    part2: 'Parte 2: Otra información',
    grievance: 'Oficial de atención de quejas',
    annex: 'Anexo: Calendario de pagos',
    seq: 'N.º',
    dueDate: 'Fecha de pago',
    dueDay: 'día {day} después del desembolso',
    principal: 'Capital',
    interestShort: 'Intereses',
    tax: 'GST',
    amount: 'Pago',
  },
} as const satisfies Record<Language, Record<string, string>>;

/**
 * The statement as a page the borrower saves or prints: the same figures and texts the screen
 * shows, in the statement's language, with no script and its own styles.
 */
export function keyFactsDocument(facts: KeyFactsBody & { state: 'signed' | 'draft'; textHash: string }): string {
  const l = LABELS[facts.language];
  const h = escapeHtml;
  const money = (minor: number) => h(minor < 0 ? `−${formatAmount(-minor, 'IN')}` : formatAmount(minor, 'IN'));
  const row = (label: string, value: string) => `<tr><th scope="row">${h(label)}</th><td>${value}</td></tr>`;
  const stamp = facts.state === 'signed' ? fillTemplate(l.signed, { orderNo: facts.orderNo, hash: facts.textHash }) : l.draft;
  const charges = facts.charges.map((c) => `<li>${h(c.name)}: <strong>${money(c.amount)}</strong> (${h(c.payable)})</li>`).join('');
  const schedule = facts.schedule
    .map(
      (i) =>
        `<tr><td>${i.seq}</td><td>${h(i.dueDate || fillTemplate(l.dueDay, { day: i.dueDay }))}</td><td>${money(i.principal)}</td><td>${money(i.interest)}</td><td>${money(i.tax)}</td><td><strong>${money(i.amount)}</strong></td></tr>`,
    )
    .join('');
  const { lender, grievance } = facts;
  return `<!doctype html>
<html lang="${facts.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(l.title)}</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;color:#111;margin:1rem;max-width:48rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}
th,td{border:1px solid #999;padding:.35rem .5rem;text-align:left;vertical-align:top}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.5rem}
.stamp{font-size:.85rem;word-break:break-all}
</style>
</head>
<body>
<h1>${h(l.title)}</h1>
<p class="stamp">${h(stamp)}</p>
<table><tbody>
${row(l.issuedOn, h(facts.issuedOn))}
${row(l.lender, `${h(lender.name)}<br>${h(lender.address)}<br>${h(l.cin)} ${h(lender.cin)} · ${h(l.nbfc)} ${h(lender.nbfcNumber)}<br>${h(lender.site)} · ${h(lender.email)} · ${h(lender.phone)}`)}
${row(l.borrower, h(facts.borrowerName))}
${row(l.product, h(facts.productName))}
</tbody></table>
<h2>${h(l.part1)}</h2>
<table><tbody>
${row(l.loanAmount, money(facts.loanAmount))}
${row(l.term, h(fillTemplate(l.termValue, { termDays: facts.termDays, periods: facts.periods, periodDays: facts.periodDays }, facts.language)))}
${row(l.interestRate, h(facts.interestRate))}
${row(l.interest, money(facts.interest))}
${row(l.charges, `<ul>${charges}</ul>`)}
${row(l.netDisbursed, money(facts.netDisbursed))}
${row(l.totalRepayable, money(facts.totalRepayable))}
${row(l.apr, h(facts.apr))}
${row(l.late, h(facts.lateCharges))}
</tbody></table>
<h2>${h(l.part2)}</h2>
<table><tbody>
${facts.items.map((item) => row(item.title, h(item.body))).join('\n')}
${row(l.grievance, `${h(grievance.officer)}<br>${h(grievance.email)} · ${h(grievance.phone)}<br>${h(grievance.address)}`)}
</tbody></table>
<h2>${h(l.annex)}</h2>
<table>
<thead><tr><th scope="col">${h(l.seq)}</th><th scope="col">${h(l.dueDate)}</th><th scope="col">${h(l.principal)}</th><th scope="col">${h(l.interestShort)}</th><th scope="col">${h(l.tax)}</th><th scope="col">${h(l.amount)}</th></tr></thead>
<tbody>${schedule}</tbody>
</table>
</body>
</html>
`;
}
