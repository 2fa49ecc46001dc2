import { useT } from '../../../lib/i18n/site';
import { useCompanyFacts } from '../company-facts';

/** The registered facts of the lender, as a definition list. */
export function CompanyDetails() {
  const t = useT();
  const { facts } = useCompanyFacts();
  if (!facts) return <p>{t('site.footer.unavailable')}</p>;
  return (
    <dl className="site-facts">
      <dt>{t('site.fact.name')}</dt>
      <dd>{facts.name}</dd>
      <dt>{t('site.fact.cin')}</dt>
      <dd>{facts.cin}</dd>
      <dt>{t('site.fact.nbfc')}</dt>
      <dd>{facts.nbfcNumber}</dd>
      <dt>{t('site.fact.address')}</dt>
      <dd>{facts.address}</dd>
      <dt>{t('site.fact.phone')}</dt>
      <dd>
        <a href={facts.phoneHref}>{facts.phone}</a>
      </dd>
      <dt>{t('site.fact.email')}</dt>
      <dd>
        <a href={facts.emailHref}>{facts.email}</a>
      </dd>
      <dt>{t('site.fact.site')}</dt>
      <dd>{facts.site}</dd>
    </dl>
  );
}
