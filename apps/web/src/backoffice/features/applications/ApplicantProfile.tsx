import { useEffect, useState } from 'react';
import { OPERATOR_BASE, operatorPath, OperatorRoutes, type IdImageKind, type OperatorProfile } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { OperatorCallError } from '../../lib/operator-api';
import { formatCeiling } from './application-texts';

const PHOTO_KEYS: Record<IdImageKind, BackofficeKey> = { 'id-front': 'bo.apps.photo.id-front', 'id-back': 'bo.apps.photo.id-back', selfie: 'bo.apps.photo.selfie' };

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'found'; profile: OperatorProfile | null };

/** The applicant's profile beside their application: identity, address, employment, photos and the masked payout account (docs/decisions/174). */
export function ApplicantProfile({ borrowerId }: { borrowerId: number }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    api.call(OperatorRoutes.profile, { params: { borrowerId } }).then(
      (profile) => current && setLoaded({ kind: 'found', profile }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof OperatorCallError && error.status === 404) setLoaded({ kind: 'found', profile: null });
        else setLoaded({ kind: 'failed', message: error instanceof OperatorCallError && error.message ? error.message : t('errors.network') });
      },
    );
    return () => {
      current = false;
    };
  }, [api, borrowerId, t]);

  if (loaded.kind === 'loading') return <p role="status">{t('bo.record.loading')}</p>;
  if (loaded.kind === 'failed') return <p role="alert">{loaded.message}</p>;
  const { profile } = loaded;
  if (!profile) return <p className="bo-muted">{t('bo.apps.profileMissing')}</p>;
  const money = (minor: number | null) => formatCeiling(minor, language);
  return (
    <>
      <dl className="bo-facts" data-profile="">
        <dt>{t('bo.apps.name')}</dt>
        <dd>{profile.name ?? '—'}</dd>
        <dt>{t('bo.apps.birthDate')}</dt>
        <dd>{profile.birthDate ?? '—'}</dd>
        <dt>{t('bo.apps.nationalId')}</dt>
        <dd>{profile.nationalIdLast4 ? `${(profile.nationalIdKind ?? '').toUpperCase()} ····${profile.nationalIdLast4}` : '—'}</dd>
        <dt>{t('bo.apps.address')}</dt>
        <dd>{profile.address ? `${profile.address.city}, ${profile.address.state}, ${profile.address.postalCode}` : '—'}</dd>
        <dt>{t('bo.apps.employment')}</dt>
        <dd>{[profile.employment, profile.employerName].filter(Boolean).join(', ') || '—'}</dd>
        <dt>{t('bo.apps.income')}</dt>
        <dd>{money(profile.monthlyIncomeMinor)}</dd>
        <dt>{t('bo.apps.debts')}</dt>
        <dd>{money(profile.monthlyDebtPaymentsMinor)}</dd>
        <dt>{t('bo.apps.payoutAccount')}</dt>
        <dd data-payout-account="">
          {profile.payoutAccount
            ? `${profile.payoutAccount.holderName} · ${profile.payoutAccount.bankName ?? profile.payoutAccount.kind} · ····${profile.payoutAccount.accountLast4}`
            : t('bo.apps.noAccount')}
        </dd>
      </dl>
      {profile.images.length > 0 ? <h3>{t('bo.apps.photos')}</h3> : null}
      <ul className="bo-images">
        {profile.images.map((image) => {
          const url = `${OPERATOR_BASE}${operatorPath(OperatorRoutes.profileImage.path, { borrowerId, kind: image.kind })}`;
          return (
            <li key={image.kind}>
              <a href={url} target="_blank" rel="noreferrer">
                <img src={url} alt={t(PHOTO_KEYS[image.kind])} loading="lazy" />
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}
