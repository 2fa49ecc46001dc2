import {
  CONTACT_RESULT_PARAM,
  ContactErrorCode,
  contactErrorMessage,
  contactResultMessages,
  flagFromLanguage,
  Limits,
  SITE_API_BASE,
  SitePath,
} from '@lend/contracts';
import type { ContactField } from '@lend/contracts/site';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/http/errors';
import { useLanguage, useT, type MessageKey } from '../../../lib/i18n/site';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useSiteAddress } from '../site-address';
import { readSiteFacts } from '../site-boot';
import { sendContactMessage } from './api/send-contact-message';
import { typedField } from '../typed-fields';
import { loadContactRules } from './contact-rules';

type Values = Record<ContactField, string>;

const EMPTY: Values = { fullName: '', email: '', phone: '', message: '' };

const FIELDS: readonly { name: ContactField; label: MessageKey; type: string; autoComplete: string; maxLength: number; inputMode?: 'tel' | 'email' }[] = [
  { name: 'fullName', label: 'site.contact.fullName', type: 'text', autoComplete: 'name', maxLength: Limits.contactNameMax },
  { name: 'email', label: 'site.contact.email', type: 'email', autoComplete: 'email', maxLength: Limits.contactEmailMax, inputMode: 'email' },
  { name: 'phone', label: 'site.contact.phone', type: 'tel', autoComplete: 'tel', maxLength: 24, inputMode: 'tel' },
];

/**
 * The contact form of the home page and /Contact. 'Success' shows only once the server has
 * stored the message (the original showed it and sent nothing). Submitted before the page's
 * script runs, the browser posts it form-encoded to the server, which answers with the contact
 * page and its result (docs/decisions/151); once the script runs, it sends JSON.
 */
export function ContactForm({ headingLevel }: { headingLevel: 2 | null }) {
  const t = useT();
  const language = useLanguage();
  const toast = useToast();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // What was typed before the page's code took over stays (docs/decisions/148).
  const [values, setValues] = useState<Values>(() => ({
    fullName: typedField('fullName'),
    email: typedField('email'),
    phone: typedField('phone'),
    message: typedField('message'),
  }));
  const [invalid, setInvalid] = useState<ContactField | null>(null);
  const [sending, setSending] = useState(false);
  const address = useSiteAddress();
  // The prerender leaves the server markers; in the browser the result flag is in the address.
  const [result] = useState(
    () => readSiteFacts()?.contactResult ?? contactResultMessages(new URLSearchParams(address.search).get(CONTACT_RESULT_PARAM), language),
  );
  const [thanks, setThanks] = useState(result.sent);
  const [refused, setRefused] = useState(result.refused);

  const focusField = (field: ContactField) => form.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setThanks('');
    setRefused('');
    let rules: Awaited<ReturnType<typeof loadContactRules>>;
    try {
      rules = await loadContactRules();
    } catch {
      toast.show(t('errors.network'));
      return;
    }
    const refusal = rules.contactFormRefusal(values);
    if (refusal) {
      const incomplete = refusal.code === ContactErrorCode.ContactIncomplete;
      toast.show(contactErrorMessage(refusal.code, language), incomplete ? Limits.contactFormToastMs : Limits.errorToastMs);
      setInvalid(refusal.field);
      focusField(refusal.field);
      return;
    }
    setInvalid(null);
    setSending(true);
    try {
      await sendContactMessage(rules.contactMessageRequestSchema.parse(values), language, t('site.contact.sending'));
      toast.show(t('site.contact.success'));
      setThanks(t('site.contact.successDetail', { name: values.fullName.trim() }));
      setValues(EMPTY);
    } catch (error) {
      // An ApiError's message is already on screen (the envelope toast); a transport failure needs ours.
      if (!(error instanceof ApiError)) toast.show(t('errors.network'));
    } finally {
      setSending(false);
    }
  };

  const update = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (invalid === field) setInvalid(null);
  };

  return (
    <section className="contact" aria-labelledby={headingLevel ? `${id}-title` : undefined}>
      {headingLevel && (
        <h2 id={`${id}-title`} className="contact__title">
          {t('site.contact.title')}
        </h2>
      )}
      <form
        ref={form}
        className="contact__form"
        method="post"
        action={`${SITE_API_BASE}${SitePath.contactForm}?language=${flagFromLanguage(language)}`}
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocus={() => void loadContactRules().catch(() => undefined)}
        data-testid="contact-form"
      >
        {FIELDS.map((field) => (
          <label key={field.name} className="contact__field">
            <span>{t(field.label)}</span>
            <input
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              maxLength={field.maxLength}
              required
              aria-invalid={invalid === field.name || undefined}
              value={values[field.name]}
              onChange={(event) => update(field.name, event.target.value)}
            />
          </label>
        ))}
        <label className="contact__field">
          <span>{t('site.contact.message')}</span>
          <textarea
            name="message"
            rows={4}
            maxLength={Limits.contactMessageMax}
            required
            aria-invalid={invalid === 'message' || undefined}
            aria-describedby={`${id}-counter`}
            value={values.message}
            onChange={(event) => update('message', event.target.value)}
          />
          <span id={`${id}-counter`} className="contact__counter">
            {t('site.contact.counter', { count: [...values.message].length, max: Limits.contactMessageMax })}
          </span>
        </label>
        <button type="submit" className="button contact__submit" disabled={sending}>
          {t('site.contact.submit')}
        </button>
        <p className="contact__thanks" role="status">
          {thanks}
        </p>
        <p className="contact__refused" role="alert">
          {refused}
        </p>
      </form>
    </section>
  );
}
