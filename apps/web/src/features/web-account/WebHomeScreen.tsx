import { useCallback, useState } from 'react';
import { AppRoute, flagFromLanguage, type AccountOrder, type AccountSession, type HomeProduct } from '@lend/contracts';
import { formatAmount, formatDateTimeMinutes, type Market } from '@lend/domain';
import { ApiError } from '../../lib/http/errors';
import { useCall } from '../../lib/http/use-call';
import { useLanguage, usePageTitle, useT, type Translate } from '../../lib/i18n/borrower';
import { withParams } from '../../lib/url-params';
import { CallResult } from '../../ui/CallResult';
import { FieldProblem } from '../../ui/FieldProblem';
import { Screen } from '../../ui/Screen';
import { homeInPage, homeIndex, myLoans, mySessions, signOutOnTheWeb } from './api/web-account';
import { BROWSER_DEVICE_PREFIX } from './browser-device';
import './web-account.css';

const marketOf = (currency: 'MXN' | 'INR'): Market => (currency === 'INR' ? 'IN' : 'MX');

/** A product: what may be borrowed on it now and the way to its confirmation, or why not. */
function ProductCard({ product, t, href }: { product: HomeProduct; t: Translate; href: (path: string) => string }) {
  const market = marketOf(product.currency);
  return (
    <li className="card" data-product={product.productId}>
      <div className="my-loans__head">
        <h3>{product.name}</h3>
        {product.borrow && <span className="my-loans__amount">{t('webHome.upTo', { amount: formatAmount(product.borrow.amount.maxMinor, market) })}</span>}
      </div>
      {product.borrow && (
        <>
          <p className="muted">{t('webHome.term', { days: product.borrow.term.offeredDays })}</p>
          <a className="button" href={href(product.confirmUrl)} aria-label={t('webHome.borrowOn', { product: product.name })}>
            {t('webHome.borrow')}
          </a>
        </>
      )}
      {product.blocked && (
        <p className="web-home__blocked" data-reason={product.blocked.reason}>
          {product.blocked.message}
          {product.blocked.until && ` ${t('webHome.until', { date: product.blocked.until })}`}
        </p>
      )}
      <BlockedAction product={product} t={t} href={href} />
    </li>
  );
}

/** The way on from what stops a product (docs/decisions/241): the profile, applying, or the decision that stands. */
function BlockedAction({ product, t, href }: { product: HomeProduct; t: Translate; href: (path: string) => string }) {
  const reason = product.blocked?.reason;
  const productId = String(product.productId);
  if (reason === 'profileIncomplete') {
    return (
      <a className="button" href={href(withParams(AppRoute.onboarding, { productId }))} aria-label={t('webHome.completeProfileFor', { product: product.name })}>
        {t('webHome.completeProfile')}
      </a>
    );
  }
  if (reason === 'applyFirst') {
    return (
      <a className="button" href={href(withParams(AppRoute.apply, { productId }))} aria-label={t('webHome.applyFor', { product: product.name })}>
        {t('webHome.apply')}
      </a>
    );
  }
  if (reason === 'underReview' || reason === 'declinedUntil') {
    return (
      <a className="button button--ghost" href={href(withParams(AppRoute.apply, { productId }))} aria-label={t('webHome.decisionOf', { product: product.name })}>
        {t('webHome.decision')}
      </a>
    );
  }
  return null;
}

/** A loan: its status, amount, due date and the screens that serve it. */
function LoanCard({ order, t, href }: { order: AccountOrder; t: Translate; href: (path: string) => string }) {
  return (
    <li className="card" data-order={order.orderNo}>
      <div className="my-loans__head">
        <h3>{order.productName}</h3>
        <span className="my-loans__status" data-status={order.status.code}>
          {/* The status's colour marks it; its words stay in the text's colour, legible on any of them. */}
          <span className="my-loans__dot" style={{ background: order.status.colour }} aria-hidden="true" />
          {order.status.title}
        </span>
      </div>
      <dl className="my-loans__facts">
        <dt>{t('myLoans.amount')}</dt>
        <dd>{formatAmount(order.principalMinor, marketOf(order.currency))}</dd>
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
  );
}

/** One place the borrower is signed in: a browser or an app, since when, last used; this one marked. */
function SessionRow({ session, market, t }: { session: AccountSession; market: Market; t: Translate }) {
  const kind = session.deviceId.startsWith(BROWSER_DEVICE_PREFIX) ? t('webHome.sessions.browser') : t('webHome.sessions.app');
  return (
    <li className="web-home__session" data-session={session.id} data-current={session.current}>
      <strong>{session.current ? t('webHome.sessions.this') : kind}</strong>
      <span className="muted">{t('webHome.sessions.since', { date: formatDateTimeMinutes(new Date(session.createdAt), market) })}</span>
      <span className="muted">{t('webHome.sessions.used', { date: formatDateTimeMinutes(new Date(session.lastUsedAt), market) })}</span>
    </li>
  );
}

/**
 * The borrower's home in a phone's browser, where a web sign-in lands (docs/decisions/239): what
 * they may borrow on each product of their market now (or why not), their loans, the menu and
 * signing out. The reasons are the server's, in the borrower's language.
 */
export function WebHomeScreen() {
  const t = useT();
  const language = useLanguage();
  usePageTitle('webHome.title');
  // What may be borrowed comes with the page (the server renders it); the loans follow from the browser.
  const loadHome = useCallback((signal: AbortSignal) => homeIndex(signal), []);
  const [homeState] = useCall(loadHome, homeInPage);
  const loadLoans = useCallback((signal: AbortSignal) => myLoans(signal), []);
  const [loansState] = useCall(loadLoans);
  const loadSessions = useCallback((signal: AbortSignal) => mySessions(signal), []);
  const [sessionsState] = useCall(loadSessions);
  const [signOutProblem, setSignOutProblem] = useState<string | null>(null);
  const languageFlag = flagFromLanguage(language);
  const href = (path: string) => withParams(path, { language: languageFlag });

  const signOut = async (everywhere = false) => {
    try {
      await signOutOnTheWeb(everywhere);
      window.location.assign(withParams(AppRoute.signIn, { language: languageFlag }));
    } catch (error) {
      setSignOutProblem(error instanceof ApiError ? error.message : t('signIn.offline'));
    }
  };

  return (
    <Screen title={t('webHome.title')}>
      <CallResult state={homeState} loadingLabel={t('webHome.loading')} wayOn={{ service: false }}>
        {(home) => (
          <>
            <section aria-labelledby="web-home-borrow">
              <h2 id="web-home-borrow">{t('webHome.borrow')}</h2>
              {home.blocked && (
                <p className="card web-home__blocked" data-reason={home.blocked.reason}>
                  {home.blocked.message}
                </p>
              )}
              <ul className="my-loans__list">
                {home.products.map((product) => (
                  <ProductCard key={product.productId} product={product} t={t} href={href} />
                ))}
              </ul>
            </section>
            <section aria-labelledby="web-home-loans">
              <h2 id="web-home-loans">{t('myLoans.title')}</h2>
              <CallResult state={loansState} loadingLabel={t('webHome.loading')} wayOn={{ service: false }}>
                {(loans) => (
                  <>
                    {loans.items.length === 0 && <p className="card">{t('myLoans.none')}</p>}
                    <ul className="my-loans__list">
                      {loans.items.map((order) => (
                        <LoanCard key={order.orderNo} order={order} t={t} href={href} />
                      ))}
                    </ul>
                    {loans.more && <p className="muted">{t('myLoans.more')}</p>}
                  </>
                )}
              </CallResult>
            </section>
            <section aria-labelledby="web-home-sessions">
              <h2 id="web-home-sessions">{t('webHome.sessions.title')}</h2>
              <CallResult state={sessionsState} loadingLabel={t('webHome.loading')} wayOn={{ service: false }}>
                {(sessions) => (
                  <ul className="card web-home__sessions">
                    {sessions.items.map((session) => (
                      <SessionRow key={session.id} session={session} market={home.market} t={t} />
                    ))}
                  </ul>
                )}
              </CallResult>
            </section>
            <nav aria-labelledby="web-home-menu" className="web-home__menu">
              <h2 id="web-home-menu">{t('webHome.menu')}</h2>
              <a href={href(AppRoute.customerService)}>{t('webHome.service')}</a>
              <a href={href(AppRoute.complaintHome)}>{t('webHome.complaints')}</a>
              <a href={href(AppRoute.privacyCentre)}>{t('webHome.privacy')}</a>
              <button type="button" className="button button--ghost" onClick={() => void signOut()}>
                {t('myLoans.signOut')}
              </button>
              <button type="button" className="button button--ghost" onClick={() => void signOut(true)}>
                {t('webHome.sessions.signOutAll')}
              </button>
              <FieldProblem id="web-home-sign-out-problem" problem={signOutProblem} />
            </nav>
          </>
        )}
      </CallResult>
    </Screen>
  );
}
