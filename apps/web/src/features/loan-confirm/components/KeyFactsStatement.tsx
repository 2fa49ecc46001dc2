import type { KeyFacts } from '@lend/contracts';
import type { ReactNode } from 'react';
import type { Formatters } from '../../../lib/format';
import { useT } from '../../../lib/i18n/borrower';

/** A discount is negative: written with a minus sign that never leaves its amount. */
const signed = (format: Formatters, minor: number) => (minor < 0 ? `−${format.amount(-minor)}` : format.amount(minor));

/**
 * India's Key Facts Statement in RBI's order (docs/decisions/143): Part 1, the interest and each
 * charge; Part 2, the other facts; the Annex, the repayment schedule. Every figure is the server's.
 */
export function KeyFactsStatement({ facts, format, headingLevel = 2 }: { facts: KeyFacts; format: Formatters; headingLevel?: 2 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { lender, grievance } = facts;
  const part1: [string, ReactNode, string][] = [
    ['loan-amount', t('keyFacts.loanAmount'), format.amount(facts.loanAmount)],
    ['term', t('keyFacts.term'), t('keyFacts.termValue', { termDays: facts.termDays, periods: facts.periods, periodDays: facts.periodDays })],
    ['interest-rate', t('keyFacts.interestRate'), facts.interestRate],
    ['interest', t('keyFacts.interest'), format.amount(facts.interest)],
    ...facts.charges.map((charge): [string, ReactNode, string] => [
      charge.id,
      <>
        {charge.name}
        <span className="key-facts__split">{charge.payable}</span>
      </>,
      signed(format, charge.amount),
    ]),
    ['net-disbursed', t('keyFacts.netDisbursed'), format.amount(facts.netDisbursed)],
    ['total', t('keyFacts.totalRepayable'), format.amount(facts.totalRepayable)],
    ['apr', t('keyFacts.apr'), facts.apr],
  ];
  return (
    <div className="key-facts" lang={facts.language} data-testid="key-facts">
      <dl className="key-facts__items key-facts__lender">
        <div>
          <dt>{t('keyFacts.lender')}</dt>
          <dd data-testid="kf-lender">
            {lender.name}
            <span className="key-facts__sub">{lender.address}</span>
            <span className="key-facts__sub">
              {t('keyFacts.cin')} {lender.cin}
            </span>
            <span className="key-facts__sub">
              {t('keyFacts.nbfc')} {lender.nbfcNumber}
            </span>
            <span className="key-facts__sub">{lender.site}</span>
          </dd>
        </div>
        <div>
          <dt>{t('keyFacts.issuedOn')}</dt>
          <dd>{facts.issuedOn}</dd>
        </div>
      </dl>
      <Heading className="key-facts__part">{t('keyFacts.part1')}</Heading>
      <table className="key-facts__table">
        <tbody>
          {part1.map(([id, label, value]) => (
            <tr key={id} data-kf={id}>
              <th scope="row">{label}</th>
              <td className={id === 'interest-rate' || id === 'term' ? 'key-facts__text' : undefined}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="key-facts__items">
        <div data-kf="late">
          <dt>{t('keyFacts.late')}</dt>
          <dd>{facts.lateCharges}</dd>
        </div>
      </dl>
      <Heading className="key-facts__part">{t('keyFacts.part2')}</Heading>
      <dl className="key-facts__items">
        {facts.items.map((item) => (
          <div key={item.id} data-kf={item.id}>
            <dt>{item.title}</dt>
            <dd>{item.body}</dd>
          </div>
        ))}
        <div data-kf="officer">
          <dt>{t('keyFacts.grievance')}</dt>
          <dd>
            {grievance.officer}
            <span className="key-facts__sub">
              <a href={`mailto:${grievance.email}`}>{grievance.email}</a>
            </span>
            <span className="key-facts__sub">
              <a href={`tel:${grievance.phone.replace(/[^\d+]/g, '')}`}>{grievance.phone}</a>
            </span>
            <span className="key-facts__sub">{grievance.address}</span>
          </dd>
        </div>
      </dl>
      <table className="key-facts__table key-facts__schedule">
        <caption>{t('keyFacts.annex')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('keyFacts.seq')}</th>
            <th scope="col">{t('keyFacts.dueDate')}</th>
            <th scope="col">{t('keyFacts.instalment')}</th>
          </tr>
        </thead>
        <tbody>
          {facts.schedule.map((row) => (
            <tr key={row.seq} data-kf-instalment={row.seq}>
              <th scope="row">{t('keyFacts.seqValue', { n: row.seq, total: facts.periods })}</th>
              <td>{row.dueDate || t('keyFacts.dueDay', { day: row.dueDay })}</td>
              <td>
                <strong>{format.amount(row.amount)}</strong>
                <span className="key-facts__split muted">
                  {t('keyFacts.principal')} {format.amount(row.principal)}
                </span>
                <span className="key-facts__split muted">
                  {t('keyFacts.interestAndTax')} {format.amount(row.interest + row.tax)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
