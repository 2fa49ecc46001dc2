import type { RepayInstruction } from '@lend/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from '../../lib/router';
import { useMarketFormat } from '../../lib/format';
import { useCall } from '../../lib/http/use-call';
import { pageTitle, useT } from '../../lib/i18n/borrower';
import { orderDetailsHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { CallResult } from '../../ui/CallResult';
import { CopyButton } from '../../ui/CopyButton';
import { RunningText } from '../../ui/RunningText';
import { Screen } from '../../ui/Screen';
import { getRepayInstruction, repayInstructionInPage } from './api/get-repay-instruction';
import { FeesSection } from './components/FeesSection';
import { ProviderDetails, TransferAccount, UpiPayment } from './components/ProviderDetails';
import { ReferenceLine } from './components/ReferenceLine';
import { readInstructionRequest, type InstructionRequest } from './instruction-params';
import './repayment.css';

/** The repayment instruction (`/carpmm`, docs/decisions/076): the reference for one amount at one place, and how to pay it. */
export function InstructionScreen() {
  const t = useT();
  const { search } = useLocation();
  const request = useMemo(() => readInstructionRequest(new URLSearchParams(search)), [search]);
  // Asking again after the reference expired issues a new one: a new key loads it afresh.
  const [attempt, setAttempt] = useState(0);
  return (
    <Screen title={t('instruction.title')}>
      <InstructionCall key={attempt} request={request} onRenew={() => setAttempt((n) => n + 1)} />
    </Screen>
  );
}

function InstructionCall({ request, onRenew }: { request: InstructionRequest | null; onRenew: () => void }) {
  const t = useT();
  const page = usePageParams();
  const load = useMemo(
    () => (request ? (signal: AbortSignal) => getRepayInstruction(request, t('instruction.loading'), signal) : null),
    [request, t],
  );
  const inPage = useMemo(() => (request ? () => repayInstructionInPage(request) : undefined), [request]);
  const [state] = useCall(load, inPage);
  // Until the instruction is in, the screen's own title; then the instruction's (below). Effects
  // run children first: a page rendered with its instruction must not end on the screen's title.
  const ready = state.status === 'ready';
  useEffect(() => {
    if (!ready) document.title = pageTitle(t, 'instruction.title');
  }, [ready, t]);
  return (
    <CallResult state={state} loadingLabel={t('instruction.loading')} wayOn={{ loanHref: request ? orderDetailsHref(page, request.orderId) : undefined, service: true }}>
      {(instruction) => <Instruction instruction={instruction} order={request ?? { orderId: '' }} onRenew={onRenew} />}
    </CallResult>
  );
}

function Instruction({ instruction, order, onRenew }: { instruction: RepayInstruction; order: Pick<InstructionRequest, 'orderId' | 'productId'>; onRenew: () => void }) {
  const t = useT();
  const format = useMarketFormat(instruction.market);
  const { repayDetail: detail } = instruction;
  // The page is titled with the repayment title once it is known.
  useEffect(() => {
    document.title = `${detail.repayTitle} · ${t('brand.name')}`;
    return () => {
      document.title = pageTitle(t, 'instruction.title');
    };
  }, [detail.repayTitle, t]);
  return (
    <>
      {instruction.topLogo && <img className="instruction__top-logo" src={instruction.topLogo} alt="" width={72} height={72} />}
      {detail.fee ? (
        // The place's own fee is said where the amount is: what to hand over, and what of it is the fee (docs/decisions/234).
        <div className="instruction-banner" data-testid="instruction-banner">
          <span>{t('instruction.totalWithFee')}</span>
          <strong data-testid="instruction-total">{format.amount(detail.amount + detail.fee)}</strong>
          <dl className="instruction-banner__split">
            <div>
              <dt>{t('instruction.forLoan')}</dt>
              <dd data-testid="instruction-amount">{format.amount(detail.amount)}</dd>
            </div>
            <div>
              <dt>{t('instruction.placeFee')}</dt>
              <dd data-testid="instruction-fee">{format.amount(detail.fee)}</dd>
            </div>
          </dl>
        </div>
      ) : (
        <p className="instruction-banner" data-testid="instruction-banner">
          <span>{t('instruction.totalLabel')}</span>
          <strong data-testid="instruction-amount">{format.amount(detail.amount)}</strong>
        </p>
      )}
      <section className="card instruction-main" aria-labelledby="instruction-title">
        <h2 id="instruction-title" data-page-title>
          {detail.repayTitle}
        </h2>
        <p>
          <RunningText text={detail.repayDes} />
        </p>
        {detail.repayCode && (
          <img className="instruction__barcode" src={detail.repayCode} alt={t('instruction.barcodeAlt', { code: detail.vCode })} data-testid="instruction-barcode" />
        )}
        <UpiPayment detail={detail} />
        <TransferAccount detail={detail} />
        <ReferenceLine detail={detail} market={instruction.market} format={format} onRenew={onRenew} />
        <ProviderDetails detail={detail} />
        <p className="instruction-company">
          <span className="instruction-company__label">{t('instruction.companyLabel')}</span>
          <span className="instruction-company__name" data-testid="instruction-company">
            {detail.companyName}
          </span>
          <CopyButton text={detail.companyName} label={t('instruction.copyCompany', { name: detail.companyName })} />
        </p>
      </section>
      {instruction.dataList.map((section) => (
        <section key={section.title} className="card instruction-section">
          <h2>{section.title}</h2>
          <ul>
            {section.content.map((line) => (
              <li key={line}>
                <RunningText text={line} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <FeesSection imgList={instruction.imgList} order={order} />
      {instruction.bottomLogo && <img className="instruction__bottom-logo" src={instruction.bottomLogo} alt="" width={48} height={48} />}
    </>
  );
}
