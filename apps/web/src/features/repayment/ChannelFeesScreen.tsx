import type { ChannelFees } from '@lend/contracts';
import { useCallback } from 'react';
import { useMarketFormat } from '../../lib/format';
import { useCall } from '../../lib/http/use-call';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { usePageParams } from '../../lib/page-params';
import { CallResult } from '../../ui/CallResult';
import { Screen } from '../../ui/Screen';
import { channelFeesInPage, getChannelFees } from './api/get-channel-fees';
import './repayment.css';

/** `/carpmmFees`: what each place to pay in the order's market charges per payment, and the amounts it takes. */
export function ChannelFeesScreen() {
  const t = useT();
  usePageTitle('fees.title');
  const { orderId, productId } = usePageParams();
  const load = useCallback(
    (signal: AbortSignal) => getChannelFees({ orderId: orderId ?? '', productId }, t('fees.loading'), signal),
    [orderId, productId, t],
  );
  const inPage = useCallback(() => channelFeesInPage({ orderId: orderId ?? '', productId }), [orderId, productId]);
  const [state] = useCall(orderId ? load : null, inPage);
  return (
    <Screen title={t('fees.title')}>
      <CallResult state={state} loadingLabel={t('fees.loading')}>
        {(fees) => <FeeTable fees={fees} />}
      </CallResult>
    </Screen>
  );
}

function FeeTable({ fees }: { fees: ChannelFees }) {
  const t = useT();
  const format = useMarketFormat(fees.market);
  return (
    <section className="card">
      <table className="fees-table" data-testid="fees-table">
        <caption>{t('fees.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fees.place')}</th>
            <th scope="col">{t('fees.fee')}</th>
            <th scope="col">{t('fees.limits')}</th>
          </tr>
        </thead>
        <tbody>
          {fees.channels.map((channel) => (
            <tr key={channel.payCode} data-testid={`fees-row-${channel.payCode}`}>
              <th scope="row">
                {channel.name}
                <br />
                <span className="muted">{channel.kind}</span>
              </th>
              <td>{channel.fee > 0 ? format.amount(channel.fee) : t('fees.noFee')}</td>
              <td>{t('fees.limitsValue', { min: format.amount(channel.minAmount), max: format.amount(channel.maxAmount) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('fees.note')}</p>
    </section>
  );
}
