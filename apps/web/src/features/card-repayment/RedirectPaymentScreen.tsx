import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from '../../lib/router';
import { isAborted } from '../../lib/http/errors';
import { usePageTitle, useT } from '../../lib/i18n/hash';
import { usePageParams } from '../../lib/page-params';
import { Loading } from '../../ui/Loading';
import { Screen } from '../../ui/Screen';
import { startRedirectPayment } from './api/start-redirect-payment';
import { borrowDetailHref, readCardPaymentRequest } from './card-links';
import { rememberCheckoutSession } from './checkout-return';
import './card-repayment.css';

/**
 * `#/alipayrepayment`: opens the provider's checkout for the amount and sends the browser there;
 * the checkout brings the borrower back to borrow detail with the repayment's result.
 */
export function RedirectPaymentScreen() {
  const t = useT();
  usePageTitle('card.redirect.title');
  const page = usePageParams();
  const { search } = useLocation();
  const payment = useMemo(() => readCardPaymentRequest(new URLSearchParams(search)), [search]);
  const userId = Number(page.userId);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!payment || !Number.isInteger(userId) || userId <= 0) return setFailure(t('notFound.body'));
    const controller = new AbortController();
    startRedirectPayment({ userId, orderId: payment.orderId, amount: payment.amount }, controller.signal).then(
      (reply) => {
        if (reply.ok && reply.url) {
          rememberCheckoutSession(reply.data.repayRecordId, page.sessionId);
          window.location.assign(reply.url);
        }
        else setFailure((!reply.ok && reply.message) || t('card.detail.processingFailed'));
      },
      (error: unknown) => {
        if (!isAborted(error)) setFailure(t('errors.network'));
      },
    );
    return () => controller.abort();
  }, [payment, userId, page.sessionId, t]);

  return (
    <Screen title={t('card.redirect.title')}>
      {failure === null ? (
        <Loading label={t('card.redirect.going')} />
      ) : (
        <div className="card card-failed">
          <p className="notice--error" role="alert">
            {failure}
          </p>
          {payment && (
            <Link className="button button--ghost" to={borrowDetailHref(page, payment)}>
              {t('card.redirect.back')}
            </Link>
          )}
        </div>
      )}
    </Screen>
  );
}
