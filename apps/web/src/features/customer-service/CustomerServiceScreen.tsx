import { useCallback, type MouseEvent } from 'react';
import { AppRoute, type ServiceContacts } from '@lend/contracts';
import { useCall } from '../../lib/http/use-call';
import { usePageTitle, useT, type MessageKey } from '../../lib/i18n/borrower';
import { nativeBridge } from '../../lib/native-bridge';
import { pageHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { Link } from '../../lib/router';
import { refusedWayOn } from '../../ui/CallResult';
import { Screen } from '../../ui/Screen';
import { WayOn } from '../../ui/WayOn';
import { getServiceContacts, serviceContactsInPage } from './api/get-service-contacts';
import { mailtoHref, telephoneHref, whatsAppUrl } from './contact-links';
import './customer-service.css';

type ContactRow = {
  key: string;
  label: MessageKey;
  value: string;
  href: string;
  action: MessageKey;
  actionLabel: MessageKey;
  /** Runs through the native bridge; a row without it is a plain link (mailto). */
  onActivate?: () => void;
};

function contactRows(contacts: ServiceContacts): ContactRow[] {
  const rows: ContactRow[] = [
    {
      key: 'telephone',
      label: 'service.telephone',
      value: contacts.va,
      href: telephoneHref(contacts.va),
      action: 'service.call',
      actionLabel: 'service.callLabel',
      onActivate: () => nativeBridge.callTelephone(contacts.va),
    },
    {
      key: 'whatsapp',
      label: 'service.whatsapp',
      value: contacts.phone,
      href: whatsAppUrl(contacts.phone),
      action: 'service.chat',
      actionLabel: 'service.chatLabel',
      onActivate: () => nativeBridge.openPage(whatsAppUrl(contacts.phone)),
    },
    {
      key: 'email',
      label: 'service.email',
      value: contacts.email,
      href: mailtoHref(contacts.email),
      action: 'service.write',
      actionLabel: 'service.writeLabel',
    },
  ];
  return rows.filter((row) => row.value.trim() !== '');
}

export function CustomerServiceScreen() {
  const t = useT();
  usePageTitle('service.title');
  const load = useCallback((signal: AbortSignal) => getServiceContacts(t('service.loading'), signal), [t]);
  const [state] = useCall(load, serviceContactsInPage);

  const rows = state.status === 'ready' ? contactRows(state.data) : [];
  const privacyHref = pageHref(AppRoute.privacyCentre, usePageParams());

  return (
    <Screen title={t('service.title')}>
      <p className="muted">{t('service.intro')}</p>
      {state.status === 'failed' && (
        <>
          <p className="card service__error" role="alert">
            {state.message}
          </p>
          <WayOn {...refusedWayOn(state.code, { home: true })} />
        </>
      )}
      {state.status === 'ready' && rows.length === 0 && <p className="card">{t('service.unavailable')}</p>}
      {rows.length > 0 && (
        <ul className="card service__list">
          {rows.map((row) => (
            <li key={row.key} className="service__row" data-contact={row.key}>
              <div className="service__text">
                <span className="service__label">{t(row.label)}</span>
                <span className="service__value">{row.value}</span>
              </div>
              <a
                className="button button--small"
                href={row.href}
                aria-label={t(row.actionLabel, { value: row.value })}
                onClick={
                  row.onActivate
                    ? (event: MouseEvent) => {
                        event.preventDefault();
                        row.onActivate?.();
                      }
                    : undefined
                }
              >
                {t(row.action)}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="service__privacy">
        <Link to={privacyHref}>{t('privacy.link')}</Link>
      </p>
    </Screen>
  );
}
