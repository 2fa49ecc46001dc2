import { AppRoute, CERTIFICATION_STEPS, flagFromLanguage, type CertificationInfo, type CertificationStep } from '@lend/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCall } from '../../lib/http/use-call';
import { useLanguage, usePageTitle, useT } from '../../lib/i18n/borrower';
import { useNavigate, useSearchParams } from '../../lib/router';
import { withParams } from '../../lib/url-params';
import { CallResult } from '../../ui/CallResult';
import { Screen } from '../../ui/Screen';
import { certificationInfoInPage, firstCertificationInfo } from './api/certification-info';
import { DONE, nextPlace, placeOf, type OnboardingPlace } from './onboarding-steps';
import type { StepProps } from './step-form';
import { AddressStep } from './steps/AddressStep';
import { ConsentsStep } from './steps/ConsentsStep';
import { EmploymentStep } from './steps/EmploymentStep';
import { IdentityStep } from './steps/IdentityStep';
import { PayoutStep } from './steps/PayoutStep';
import { PhotoStep } from './steps/PhotoStep';
import './onboarding.css';

function StepBody({ step, ...props }: StepProps & { step: CertificationStep }) {
  switch (step) {
    case 'identity':
      return <IdentityStep {...props} />;
    case 'address':
      return <AddressStep {...props} />;
    case 'employment':
      return <EmploymentStep {...props} />;
    case 'id-front':
    case 'id-back':
    case 'selfie':
      return <PhotoStep {...props} kind={step} />;
    case 'consents':
      return <ConsentsStep {...props} />;
    case 'payout-account':
      return <PayoutStep {...props} />;
  }
}

/**
 * The borrower's profile in a phone's browser, one step per screen (docs/decisions/241): the
 * address names the step (`?step=`), so the back button walks back through the steps and a
 * reload stays put; without one, the borrower resumes at the first step still missing. Each step
 * saves on its own, and the server's answer says what is left.
 */
export function OnboardingScreen() {
  const t = useT();
  const language = useLanguage();
  usePageTitle('onboarding.title');
  const params = useSearchParams();
  const navigate = useNavigate();
  const load = useCallback((signal: AbortSignal) => firstCertificationInfo(t('onboarding.loading'), signal), [t]);
  const [state] = useCall(load, certificationInfoInPage);
  const [latest, setLatest] = useState<CertificationInfo | null>(null);
  const info = latest ?? (state.status === 'ready' ? state.data : null);
  const productId = params.get('productId');
  const heading = useRef<HTMLHeadingElement>(null);

  const goTo = useCallback(
    (place: OnboardingPlace, replace = false) => {
      const search = new URLSearchParams(params);
      search.set('step', place);
      navigate({ search: `?${search.toString()}` }, { replace });
    },
    [navigate, params],
  );

  const place = info ? placeOf(params.get('step'), info) : null;
  // Where a borrower resumes is written into the address, so the back button from the next step returns here.
  useEffect(() => {
    if (place !== null && params.get('step') !== place) goTo(place, true);
  }, [place, params, goTo]);
  // A new step is a new screen: reading starts at its heading.
  useEffect(() => heading.current?.focus(), [place]);

  const languageFlag = flagFromLanguage(language);
  return (
    <Screen title={t('onboarding.title')}>
      <CallResult state={latest ? { status: 'ready', data: latest } : state} loadingLabel={t('onboarding.loading')} wayOn={{ service: false }}>
        {(current) => {
          const here = placeOf(params.get('step'), current);
          if (here === DONE) {
            return (
              <section className="card onboarding__done" data-testid="onboarding-done">
                <h2 ref={heading} tabIndex={-1}>
                  {t('onboarding.done.title')}
                </h2>
                <p>{t('onboarding.done.body')}</p>
                {productId && (
                  <a className="button" href={withParams(AppRoute.apply, { productId, language: languageFlag })}>
                    {t('onboarding.done.apply')}
                  </a>
                )}
                <a className={productId ? 'button button--ghost' : 'button'} href={withParams(AppRoute.webHome, { language: languageFlag })}>
                  {t('onboarding.done.home')}
                </a>
              </section>
            );
          }
          const index = CERTIFICATION_STEPS.indexOf(here);
          const done = current.steps[here];
          return (
            <>
              <div className="onboarding__progress">
                <h2 ref={heading} tabIndex={-1} data-step={here}>
                  {t('onboarding.progress', { n: index + 1, total: CERTIFICATION_STEPS.length, step: t(`onboarding.step.${here}`) })}
                </h2>
                <progress max={CERTIFICATION_STEPS.length} value={index} aria-hidden="true" />
              </div>
              {done && (
                <p className="card onboarding__saved" role="status">
                  {t('onboarding.saved')}{' '}
                  <button type="button" className="button button--small button--ghost" onClick={() => goTo(nextPlace(here, current))}>
                    {t('onboarding.skip')}
                  </button>
                </p>
              )}
              <StepBody
                key={here}
                step={here}
                info={current}
                done={done}
                onSaved={(saved) => {
                  setLatest(saved);
                  goTo(nextPlace(here, saved));
                }}
              />
            </>
          );
        }}
      </CallResult>
    </Screen>
  );
}
