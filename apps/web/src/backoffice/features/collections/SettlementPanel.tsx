import { Fragment, useId, useState, type FormEvent } from 'react';
import { ErrorCode, errorMessage, OperatorRoutes, SETTLEMENT_MAX_DAYS, type CollectionOrder, type SettlementState, type SettlementView } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatDay, formatInstant, formatMinor, minorFromTyped } from '../../lib/format';
import { OperatorCallError } from '../../lib/operator-api';
import { useConfirmation } from '../../ui/ConfirmDialog';
import { ErrorLine, useFailureText } from '../../ui/FormParts';

const STATE_KEYS: Record<SettlementState, BackofficeKey> = {
  'awaiting-approval': 'bo.settle.state.awaiting-approval',
  offered: 'bo.settle.state.offered',
  accepted: 'bo.settle.state.accepted',
  settled: 'bo.settle.state.settled',
  declined: 'bo.settle.state.declined',
  withdrawn: 'bo.settle.state.withdrawn',
  lapsed: 'bo.settle.state.lapsed',
};
const OPEN: readonly SettlementState[] = ['awaiting-approval', 'offered', 'accepted'];
const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

type Changed = (file: CollectionOrder) => void;

/** The latest settlement's facts: state, amount and day, waiver against the limit, who offered and decided, acceptance and money since. */
function SettlementFacts({ settlement, currency, market }: { settlement: SettlementView; currency: string; market: CollectionOrder['item']['market'] }) {
  const t = useT();
  const { language } = useBackoffice();
  const money = (minor: number) => formatMinor(minor, language, currency);
  const by = (who: string | null, at: string | null) => (who && at ? t('bo.settle.byValue', { who, at: formatInstant(at, language, market) }) : null);
  const rows: [BackofficeKey, string | null][] = [
    ['bo.settle.state', t(STATE_KEYS[settlement.state])],
    ['bo.settle.amount', t('bo.settle.amountValue', { amount: money(settlement.amountMinor), day: formatDay(settlement.expiresOn, language) })],
    ['bo.settle.waiver', t('bo.settle.waiverValue', { waiver: money(settlement.waiverMinor), owed: money(settlement.owedMinor), percent: settlement.waiverPercent, limit: settlement.soloLimitPercent })],
    ['bo.settle.offeredBy', by(settlement.offeredBy, settlement.offeredAt)],
    ['bo.settle.decidedBy', by(settlement.decidedBy, settlement.decidedAt)],
    ['bo.settle.acceptedAt', settlement.acceptedAt ? formatInstant(settlement.acceptedAt, language, market) : null],
    ['bo.settle.paid', settlement.acceptedAt ? money(settlement.paidMinor) : null],
    ['bo.settle.settledWaived', settlement.settledAt ? money(settlement.waivedMinor) : null],
    ['bo.settle.closedBy', settlement.state === 'settled' ? null : by(settlement.closedBy, settlement.closedAt)],
    ['bo.settle.note', settlement.note || null],
  ];
  return (
    <dl className="bo-facts" data-settlement={settlement.state}>
      {rows
        .filter((row): row is [BackofficeKey, string] => row[1] !== null)
        .map(([key, value]) => (
          <Fragment key={key}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}

/** An open settlement's actions: a second person approves or declines one awaiting approval; an offer not yet accepted is withdrawn. Each confirmed first. */
function SettlementActions({ file, settlement, onChanged }: { file: CollectionOrder; settlement: SettlementView; onChanged: Changed }) {
  const t = useT();
  const { api, me } = useBackoffice();
  const failureText = useFailureText();
  const confirmation = useConfirmation();
  const [error, setError] = useState<string | null>(null);
  const orderNo = file.item.orderNo;
  const params = { orderNo, settlementId: settlement.id };
  const run = (route: typeof OperatorRoutes.settlementApprove | typeof OperatorRoutes.settlementDecline | typeof OperatorRoutes.settlementWithdraw, title: string, label: string) =>
    confirmation.ask({
      title,
      lines: [],
      confirmLabel: label,
      run: () => {
        setError(null);
        api.call(route, { params }).then(onChanged, (failure: unknown) => setError(failureText(failure)));
      },
    });
  const ownOffer = settlement.offeredBy === me.email;
  const awaiting = settlement.state === 'awaiting-approval';
  return (
    <div className="bo-actions">
      <ErrorLine message={error} />
      {awaiting && ownOffer ? <p className="bo-muted">{t('bo.settle.ownOffer')}</p> : null}
      {awaiting && !ownOffer ? (
        <>
          <button type="button" onClick={() => run(OperatorRoutes.settlementApprove, t('bo.settle.confirmApprove', { orderNo }), t('bo.settle.approve'))}>
            {t('bo.settle.approve')}
          </button>
          <button type="button" onClick={() => run(OperatorRoutes.settlementDecline, t('bo.settle.confirmDecline', { orderNo }), t('bo.settle.decline'))}>
            {t('bo.settle.decline')}
          </button>
        </>
      ) : null}
      {settlement.state !== 'accepted' ? (
        <button type="button" onClick={() => run(OperatorRoutes.settlementWithdraw, t('bo.settle.confirmWithdraw', { orderNo }), t('bo.settle.withdraw'))}>
          {t('bo.settle.withdraw')}
        </button>
      ) : null}
      {confirmation.dialog}
    </div>
  );
}

/** The offer form: amount in major units below what is owed, the day within `SETTLEMENT_MAX_DAYS`, the reason; confirmed with the waiver worked out. */
function SettlementForm({ file, onChanged }: { file: CollectionOrder; onChanged: Changed }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const confirmation = useConfirmation();
  const ids = useId();
  const { item, settlementSoloLimitPercent: soloLimit } = file;
  const from = formatDate(new Date(), item.market);
  const to = addDays(from, SETTLEMENT_MAX_DAYS);
  const [amount, setAmount] = useState('');
  const [expiresOn, setExpiresOn] = useState(addDays(from, 7));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const money = (minor: number) => formatMinor(minor, language, item.currency);
  const owed = money(item.owedMinor);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = minorFromTyped(amount);
    if (amountMinor === null) {
      setError(t('bo.settle.amountInvalid'));
      return;
    }
    setError(null);
    const waiver = item.owedMinor - amountMinor;
    const percent = percentOf(waiver, item.owedMinor);
    confirmation.ask({
      title: t('bo.settle.confirm.title', { orderNo: item.orderNo }),
      lines: [
        t('bo.settle.confirm.amount', { amount: money(amountMinor), day: formatDay(expiresOn, language), waiver: money(waiver), percent, owed }),
        percent > soloLimit ? t('bo.settle.confirm.approval', { limit: soloLimit }) : t('bo.settle.confirm.solo'),
      ],
      confirmLabel: t('bo.settle.offer'),
      run: () => {
        api.call(OperatorRoutes.settlementOffer, { params: { orderNo: item.orderNo }, body: { amountMinor, expiresOn, note: note.trim() } }).then(onChanged, (failure: unknown) => {
          const code = failure instanceof OperatorCallError ? failure.code : null;
          // The server names the owed amount in the market's format; the form says it in the operator's.
          setError(code === ErrorCode.SettlementAmountOutOfRange ? errorMessage(code, language, owed) : failureText(failure));
        });
      },
    });
  };
  return (
    <form className="bo-reply-form" onSubmit={submit} aria-labelledby={`${ids}-title`} data-settlement-form="">
      <h2 id={`${ids}-title`}>{t('bo.settle.newTitle')}</h2>
      <p className="bo-muted">{t('bo.settle.explain')}</p>
      <ErrorLine message={error} />
      <label>
        {t('bo.settle.amountField', { currency: item.currency })}
        <input name="settlementAmount" inputMode="decimal" required value={amount} aria-describedby={`${ids}-amount-hint`} onChange={(event) => setAmount(event.currentTarget.value)} />
      </label>
      <span id={`${ids}-amount-hint`} className="bo-muted">
        {t('bo.settle.amountHint', { owed, limit: soloLimit })}
      </span>
      <label>
        {t('bo.settle.expiryField')}
        <input name="settlementExpiresOn" type="date" required min={from} max={to} value={expiresOn} aria-describedby={`${ids}-expiry-hint`} onChange={(event) => setExpiresOn(event.currentTarget.value)} />
      </label>
      <span id={`${ids}-expiry-hint`} className="bo-muted">
        {t('bo.settle.expiryHint', { from: formatDay(from, language), to: formatDay(to, language) })}
      </span>
      <label>
        {t('bo.settle.noteField')}
        <textarea name="settlementNote" rows={2} maxLength={1000} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      </label>
      <button type="submit">{t('bo.settle.offer')}</button>
      {confirmation.dialog}
    </form>
  );
}

/**
 * An order's settlement (docs/decisions/245): the latest one's facts for everyone who sees the file;
 * for a credit officer or administrator, its actions while open, or the form to offer one on an
 * order with none open.
 */
export function SettlementPanel({ file, onChanged }: { file: CollectionOrder; onChanged: Changed }) {
  const t = useT();
  const { me } = useBackoffice();
  const ids = useId();
  const { settlement } = file;
  const mayAct = me.role === 'credit-officer' || me.role === 'admin';
  const open = settlement !== null && OPEN.includes(settlement.state);
  const form = mayAct && !open && file.item.owedMinor > 0 ? <SettlementForm file={file} onChanged={onChanged} /> : null;
  if (!settlement) return form;
  return (
    <>
      <section aria-labelledby={`${ids}-title`} data-settlement-panel="">
        <h2 id={`${ids}-title`}>{t('bo.settle.title')}</h2>
        <SettlementFacts settlement={settlement} currency={file.item.currency} market={file.item.market} />
        {mayAct && open ? <SettlementActions file={file} settlement={settlement} onChanged={onChanged} /> : null}
      </section>
      {form}
    </>
  );
}
