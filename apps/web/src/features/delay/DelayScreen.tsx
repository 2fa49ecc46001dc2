import type { DelayDetail } from '@lend/contracts';
import { useCallback } from 'react';
import { useMarketFormat } from '../../lib/format';
import { useCall } from '../../lib/http/use-call';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { usePageParams } from '../../lib/page-params';
import { CallResult } from '../../ui/CallResult';
import { RunningText } from '../../ui/RunningText';
import { Screen } from '../../ui/Screen';
import { ChannelGroups } from '../../ui/payment-channels/ChannelGroups';
import { delayDetailInPage, getDelayDetail } from './api/get-delay-detail';
import { DelayPlan } from './components/DelayPlan';
import { DelaySummary } from './components/DelaySummary';
import { ServiceBubble } from './components/ServiceBubble';
import { orderDetailsHref } from '../../lib/page-links';
import { extensionInstructionHref, serviceHref } from './delay-links';
import './delay.css';

/**
 * The extension (delay) screen (docs/decisions/077): what deferring the next payment costs, the plan it
 * gives, and where to pay. A refusal (the product does not allow it now) shows the server's words.
 */
export function DelayScreen() {
  const t = useT();
  usePageTitle('delay.title');
  const page = usePageParams();
  const { orderId, productId } = page;
  const load = useCallback(
    (signal: AbortSignal) => getDelayDetail({ orderId: orderId ?? '', productId }, t('delay.loading'), signal),
    [orderId, productId, t],
  );
  const inPage = useCallback(() => delayDetailInPage({ orderId: orderId ?? '', productId }), [orderId, productId]);
  const [state] = useCall(orderId ? load : null, inPage);
  return (
    <Screen title={t('delay.title')} aside={<ServiceBubble href={serviceHref(page)} />}>
      {/* Refused (the extension was used or its window closed), the screen still leads back to the loan. */}
      <CallResult state={state} loadingLabel={t('delay.loading')} wayOn={{ loanHref: orderId ? orderDetailsHref(page, orderId) : undefined, service: true }}>
        {(detail) => <DelayContent detail={detail} />}
      </CallResult>
    </Screen>
  );
}

function DelayContent({ detail }: { detail: DelayDetail }) {
  const t = useT();
  const page = usePageParams();
  const format = useMarketFormat(detail.market);
  const chargeMinor = detail.delayInfo.delayAmount;
  return (
    <>
      <DelaySummary detail={detail} format={format} />
      <section className="card delay__notice" aria-label={t('delay.terms')} data-testid="delay-notice">
        <p>
          <RunningText text={detail.noticeMsg} />
        </p>
        <p className="muted">
          <RunningText text={detail.note} />
        </p>
      </section>
      <DelayPlan plan={detail.repayPlan} format={format} />
      <ChannelGroups
        groups={detail.repayList}
        hrefOf={(payCode) => extensionInstructionHref({ orderNo: detail.orderNo, chargeMinor, payCode }, page)}
        testId="delay-channels"
        headingLevel={2}
      />
    </>
  );
}
