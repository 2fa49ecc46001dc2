import { useCallback, useState } from 'react';
import { AppRoute, flagFromLanguage, type AccountOrder } from '@lend/contracts';
import { formatAmount, type Market } from '@lend/domain';
import { useCall } from '../../lib/http/use-call';
import { ApiError } from '../../lib/http/errors';
import { useLanguage, usePageTitle, useT } from '../../lib/i18n/borrower';
import { withParams } from '../../lib/url-params';
import { CallResult } from '../../ui/CallResult';
import { FieldProblem } from '../../ui/FieldProblem';
import { Screen } from '../../ui/Screen';
import { myLoans, signOutOnTheWeb } from './api/web-account';
import './web-account.css';

const marketOf = (order: AccountOrder): Market => (order.currency === 'INR' ? 'IN' : 'MX');

/**
 * The borrower's loans in a phone's browser, where a web sign-in lands (docs/decisions/239): each
 * loan with its status, amount and due date, and the screens that serve it; signing out.
 */
export function MyLoansScreen() {
  const t = useT();
  const language = useLanguage();
  usePageTitle('myLoans.title');
  const load = useCallback((signal: AbortSignal) => myLoans(signal), []);
  const [state] = useCall(load);
  const [signOutProblem, setSignOutProblem] = useState<string | null>(null);
  const languageFlag = flagFromLanguage(language);
  const href = (link: string) => withParams(link, { language: languageFlag });

  const signOut = async () => {
    try {
      await signOutOnTheWeb();
      window.location.assign(withParams(AppRoute.signIn, { language: languageFlag }));
    } catch (error) {
      setSignOutProblem(error instanceof ApiError ? error.message : t('signIn.offline'));
    }
  };

  return (
    <Screen title={t('myLoans.title')}>
      <CallResult state={state} loadingLabel={t('myLoans.loading')} wayOn={{ service: false }}>
        {(answer) => (
          <>
            {answer.items.length === 0 && <p className="card">{t('myLoans.none')}</p>}
            <ul className="my-loans__list">
              {answer.items.map((order) => (
                <li key={order.orderNo} className="card" data-order={order.orderNo}>
                  <div className="my-loans__head">
                    <h2>{order.productName}</h2>
                    <span className="my-loans__status" data-status={order.status.code}>
                      {/* The status's colour marks it; its words stay in the text's colour, legible on any of them. */}
                      <span className="my-loans__dot" style={{ background: order.status.colour }} aria-hidden="true" />
                      {order.status.title}
                    </span>
                  </div>
                  <dl className="my-loans__facts">
                    <dt>{t('myLoans.amount')}</dt>
                    <dd>{formatAmount(order.principalMinor, marketOf(order))}</dd>
                    {order.dueDate && (
                      <>
                        <dt>{t('myLoans.due')}</dt>
                        <dd>{order.dueDate}</dd>
                      </>
                    )}
                  </dl>
                  <div className="my-loans__links">
                    {order.links.details && (
                      <a className="button button--small" href={href(order.links.details)}>
                        {t('myLoans.details')}
                      </a>
                    )}
                    {order.links.repay && (
                      <a className="button button--small" href={href(order.links.repay)}>
                        {t('myLoans.repay')}
                      </a>
                    )}
                    {order.links.contract && (
                      <a className="button button--small button--ghost" href={href(order.links.contract)}>
                        {t('myLoans.contract')}
                      </a>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {answer.more && <p className="muted">{t('myLoans.more')}</p>}
            <p>
              <button type="button" className="button button--ghost" onClick={() => void signOut()}>
                {t('myLoans.signOut')}
              </button>
            </p>
            <FieldProblem id="my-loans-sign-out-problem" problem={signOutProblem} />
          </>
        )}
      </CallResult>
    </Screen>
  );
}
