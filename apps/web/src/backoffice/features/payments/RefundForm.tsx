import { useRef, useState, type FormEvent } from 'react';
import { OperatorRoutes, type OperatorCallData, type OperatorCallInput } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatMinor, minorFromTyped } from '../../lib/format';
import { useConfirmation } from '../../ui/ConfirmDialog';
import { ErrorLine, Notice } from '../../ui/FormParts';
import { useSending } from './payment-parts';
import { cleanOrderNo } from './payment-views';

/** A fresh key per refund asked for: a second click on the same form is the same refund on the server. */
const newRefundKey = () => `bo-refund-${globalThis.crypto.randomUUID()}`;

type RefundCreateResult = OperatorCallData<typeof OperatorRoutes.refundCreate>;
type RefundCreateBody = OperatorCallInput<typeof OperatorRoutes.refundCreate>['body'];

export function RefundForm({ orderNo, onRefunded }: { orderNo: string; onRefunded: () => void }) {
  const t = useT();
  const refundAnswer = ({ replay, refund, approval }: RefundCreateResult) => {
    if (approval) return t('bo.pay.refund.awaitingSecond', { orderNo: approval.orderNo });
    return refund ? t(replay ? 'bo.pay.refund.replay' : 'bo.pay.refund.done', { orderNo: refund.orderNo, status: refund.status }) : null;
  };
  const { api, me, language } = useBackoffice();
  const [order, setOrder] = useState(orderNo);
  const [amount, setAmount] = useState('');
  const [outside, setOutside] = useState(false);
  const [note, setNote] = useState('');
  const { busy, error, done, setError, send } = useSending<RefundCreateResult>();
  const confirmation = useConfirmation();
  const key = useRef(newRefundKey());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = amount.trim() ? minorFromTyped(amount) : undefined;
    if (amountMinor === null) {
      setError(t('bo.pay.amountInvalid'));
      return;
    }
    const body = { orderNo: cleanOrderNo(order), amountMinor, outside, note: note.trim() || undefined, recordedBy: me.name.slice(0, 100), idempotencyKey: key.current };
    // The amount is confirmed in the order's currency: pesos and rupees share this form (docs/decisions/238).
    void api
      .call(OperatorRoutes.orders, { query: { orderNo: body.orderNo, limit: 1 } })
      .then(
        (page) => page.items[0]?.currency,
        () => undefined,
      )
      .then((currency) => confirm(body, currency));
  };
  const confirm = (body: RefundCreateBody, currency: string | undefined) => {
    const { amountMinor, outside } = body;
    confirmation.ask({
      title: t('bo.confirm.refund.title', { orderNo: body.orderNo }),
      lines: [
        amountMinor === undefined ? t('bo.confirm.refund.whole') : t('bo.confirm.refund.amount', { amount: formatMinor(amountMinor, language, currency) }),
        t(outside ? 'bo.confirm.refund.outside' : 'bo.confirm.refund.effect'),
      ],
      confirmLabel: t('bo.pay.refund.send'),
      run: () =>
        send(() =>
          api.call(OperatorRoutes.refundCreate, { body }).then((result) => {
            key.current = newRefundKey();
            onRefunded();
            return result;
          }),
        ),
    });
  };
  return (
    <form className="bo-reply-form" onSubmit={submit} aria-labelledby="bo-refund-heading">
      <h2 id="bo-refund-heading">{t('bo.pay.refund.title')}</h2>
      {confirmation.dialog}
      <ErrorLine message={error} />
      <Notice text={done ? refundAnswer(done) : null} />
      <label>
        {t('bo.pay.orderNo')}
        <input name="refundOrderNo" required maxLength={32} value={order} onChange={(event) => setOrder(event.currentTarget.value)} />
      </label>
      <label>
        {t('bo.pay.refund.amount')}
        <input name="refundAmount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} />
      </label>
      <label>
        <input type="checkbox" name="outside" checked={outside} onChange={(event) => setOutside(event.currentTarget.checked)} /> {t('bo.pay.refund.outside')}
      </label>
      <label>
        {t('bo.pay.refund.note')}
        <input name="refundNote" required={outside} maxLength={200} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      </label>
      <p className="bo-hint">{t('bo.pay.refund.hint')}</p>
      <div className="bo-actions">
        <button type="submit" className="bo-primary" disabled={busy}>
          {t('bo.pay.refund.send')}
        </button>
      </div>
    </form>
  );
}
