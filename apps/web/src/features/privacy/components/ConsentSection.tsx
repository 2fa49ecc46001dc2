import type { MessagePreferences, MessageTopic, PhoneMarket } from '@lend/contracts';
import { useState } from 'react';
import { useT, type MessageKey } from '../../../lib/i18n/borrower';
import { useToast } from '../../../ui/toast/ToastProvider';
import { setMessagePreference } from '../api/set-message-preference';
import { sayFailure } from './failure';

const SWITCHES: readonly { topic: MessageTopic; label: MessageKey; hint: MessageKey }[] = [
  { topic: 'marketing', label: 'privacy.consent.marketing', hint: 'privacy.consent.marketingHint' },
  { topic: 'paymentReminders', label: 'privacy.consent.paymentReminders', hint: 'privacy.consent.paymentRemindersHint' },
  { topic: 'accountNotices', label: 'privacy.consent.accountNotices', hint: 'privacy.consent.accountNoticesHint' },
];

/**
 * The message switches, and how each consent is withdrawn as the borrower's market's law asks:
 * India's DPDP Act, as easily as it was given; Mexico's revocation (docs/decisions/231).
 */
export function ConsentSection({
  market,
  preferences,
  onSaved,
}: {
  market: PhoneMarket;
  preferences: MessagePreferences;
  onSaved: (preferences: MessagePreferences) => void;
}) {
  const t = useT();
  const toast = useToast();
  const [saving, setSaving] = useState<MessageTopic | null>(null);

  const change = async (topic: MessageTopic, enabled: boolean) => {
    setSaving(topic);
    try {
      onSaved(await setMessagePreference(topic, enabled, t('privacy.consent.saving')));
      toast.show(t('privacy.consent.saved'));
    } catch (error) {
      sayFailure(error, t('errors.network'));
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="card privacy-section" aria-labelledby="privacy-consent">
      <h2 id="privacy-consent">{t('privacy.consent.heading')}</h2>
      <p>{t('privacy.consent.body')}</p>
      <p data-testid="consent-withdrawal">{t(`privacy.consent.withdraw.${market}`)}</p>
      <ul className="privacy-switches">
        {SWITCHES.map(({ topic, label, hint }) => (
          <li key={topic} className="privacy-switch">
            <label className="privacy-switch__label" htmlFor={`switch-${topic}`}>
              <span>{t(label)}</span>
              <span className="privacy-switch__hint" id={`switch-${topic}-hint`}>
                {t(hint)}
              </span>
            </label>
            <input
              id={`switch-${topic}`}
              className="privacy-switch__input"
              type="checkbox"
              role="switch"
              data-topic={topic}
              aria-describedby={`switch-${topic}-hint`}
              checked={preferences[topic]}
              disabled={saving !== null}
              onChange={(event) => void change(topic, event.target.checked)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
