import { AppRoute, flagFromLanguage, siteMarketLink, type ConsentKind, type ConsentTexts } from '@lend/contracts';
import { useCallback, useId, useState } from 'react';
import { useCall } from '../../../lib/http/use-call';
import { useLanguage, useT } from '../../../lib/i18n/borrower';
import { CallResult } from '../../../ui/CallResult';
import { StepForm, useStepForm, type StepProps } from '../step-form';

/** The consent texts of the borrower's market, each accepted with the version read (docs/decisions/136, 241). */
export function ConsentsStep(props: StepProps) {
  const t = useT();
  const load = useCallback(async (signal: AbortSignal) => (await import('../api/onboarding')).consentTexts(signal), []);
  const [state] = useCall(load);
  return (
    <CallResult state={state} loadingLabel={t('onboarding.loading')} wayOn={{ service: false }}>
      {(texts) => <ConsentForm {...props} texts={texts} />}
    </CallResult>
  );
}

function ConsentForm({ info, onSaved, texts }: StepProps & { texts: ConsentTexts }) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const form = useStepForm('consents', {});
  const [accepted, setAccepted] = useState<ReadonlySet<ConsentKind>>(() => new Set());
  const toggle = (kind: ConsentKind, on: boolean) =>
    setAccepted((current) => {
      const next = new Set(current);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });

  const save = () => {
    if (texts.items.some((item) => item.required && !accepted.has(item.kind))) {
      form.setProblems({ consents: t('onboarding.consents.missing') });
      return;
    }
    void form.submit(async () => {
      const { acceptConsents } = await import('../api/onboarding');
      onSaved(await acceptConsents({ items: texts.items.filter((item) => accepted.has(item.kind)).map(({ kind, version }) => ({ kind, version })) }));
    });
  };

  return (
    <StepForm onSubmit={save} busy={form.busy} problem={form.problems.consents ?? form.problems.form} session={form.session}>
      <p className="muted">{t('onboarding.consents.intro')}</p>
      {texts.items.map((item) => (
        <fieldset key={item.kind} className="onboarding__consent" data-consent={item.kind}>
          <legend>
            {item.title} {item.required && <span className="onboarding__required">{t('onboarding.consents.required')}</span>}
          </legend>
          <p id={`${id}-${item.kind}`}>{item.body}</p>
          <p className="muted web-field__hint">{t('onboarding.consents.version', { version: item.version })}</p>
          <label className="onboarding__check">
            <input type="checkbox" checked={accepted.has(item.kind)} onChange={(event) => toggle(item.kind, event.target.checked)} aria-describedby={`${id}-${item.kind}`} />
            {t('onboarding.consents.accept')}
          </label>
        </fieldset>
      ))}
      <a href={siteMarketLink(AppRoute.privacyNotice, info.market, flagFromLanguage(language))} target="_blank" rel="noopener">
        {t('onboarding.consents.notice')}
      </a>
    </StepForm>
  );
}
