import { AppRoute, siteMarketLink, type CertificationInfo, type ConsentKind, type ConsentView, type Language, type PayoutAccountView, type PhoneMarket, type UserMenu } from '@lend/contracts';
import { maskNationalId, maskTail } from '@lend/domain';
import { consentVersions, type CertificationState } from './certification-service';
import type { ConsentStatus } from './consent-service';
import type { PayoutAccountRow } from './profile-repository';
import type { MenuSummary } from './profile-reads';

const CONSENT_TITLES: Record<ConsentKind, Record<Language, string>> = {
  'privacy-notice': { en: 'Privacy notice', es: 'Aviso de privacidad' },
  'credit-bureau': { en: 'Credit bureau inquiry', es: 'Consulta al buró de crédito' },
  'e-signature': { en: 'Electronic signature', es: 'Firma electrónica' },
  sms: { en: 'SMS messages and offers', es: 'Mensajes SMS y promociones' },
  'device-data': { en: 'Device data for fraud prevention', es: 'Datos del dispositivo para prevenir fraudes' },
};

/** The menu's pages; the privacy notice is the borrower's market's, whatever the language (docs/decisions/231). */
const LINKS = [
  { key: 'privacy-centre', path: () => AppRoute.privacyCentre, title: { en: 'Privacy centre', es: 'Centro de privacidad' } },
  { key: 'privacy-notice', path: (market: PhoneMarket) => siteMarketLink(AppRoute.privacyNotice, market), title: { en: 'Privacy notice', es: 'Aviso de privacidad' } },
  { key: 'complaints', path: () => AppRoute.complaintList, title: { en: 'My complaints', es: 'Mis quejas' } },
  { key: 'customer-service', path: () => AppRoute.customerService, title: { en: 'Customer service', es: 'Atención al cliente' } },
] as const;

export function presentCertification(state: CertificationState): CertificationInfo {
  return { market: state.market, steps: state.steps, missing: state.missing, complete: state.complete, consentVersions: consentVersions(state.market) };
}

export function presentConsent(status: ConsentStatus, language: Language): ConsentView {
  return {
    kind: status.kind,
    title: CONSENT_TITLES[status.kind][language],
    given: status.given !== undefined,
    givenAt: status.given?.givenAt.toISOString() ?? null,
    version: status.given?.textVersion ?? null,
    withdrawable: status.withdrawable,
  };
}

/** The payout account with only its last 4 digits showing. */
export function presentPayoutAccount(account: PayoutAccountRow): PayoutAccountView {
  return { kind: account.kind === 'clabe' ? 'clabe' : 'bank-account', bankName: account.bankName, masked: maskTail(account.accountNumber, 4), holderName: account.holderName };
}

export function presentMenu(summary: MenuSummary, language: Language): UserMenu {
  return {
    profile: {
      name: summary.name,
      market: summary.market,
      nationalId: summary.nationalId ? { kind: summary.nationalId.kind, masked: maskNationalId(summary.nationalId.kind, summary.nationalId.value) } : null,
      certificationComplete: summary.certificationComplete,
    },
    payoutAccount: summary.payoutAccount ? presentPayoutAccount(summary.payoutAccount) : null,
    consents: summary.consents.map((status) => presentConsent(status, language)),
    links: LINKS.map((link) => ({ key: link.key, title: link.title[language], path: link.path(summary.market) })),
  };
}
