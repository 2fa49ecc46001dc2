import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formattersForMarket } from '../../../lib/format';
import { I18nProvider, staticCatalogues } from '../../../lib/i18n';
import { borrowerEn } from '../../../locales/areas/borrower.en';
import { borrowerEs } from '../../../locales/areas/borrower.es';
import { ReferenceLine } from './ReferenceLine';

const catalogues = staticCatalogues({ en: borrowerEn, es: borrowerEs });

const detail = {
  amount: 150_00,
  repayTitle: 'Pay',
  repayDes: '',
  repayCode: '',
  vCode: '94000000000001',
  companyName: 'Demo',
  minAmount: 1_00,
  maxAmount: 20_000_00,
};

const render = (language: 'en' | 'es', extra: Partial<typeof detail> & { expiresAt?: string; expiredVCode?: string }, market: 'MX' | 'IN' = 'MX') =>
  renderToStaticMarkup(
    <I18nProvider language={language} catalogues={catalogues}>
      <ReferenceLine detail={{ ...detail, ...extra }} market={market} format={formattersForMarket(market)} onRenew={() => undefined} />
    </I18nProvider>,
  );

describe('the reference line', () => {
  it('shows until when a reference can be paid and what the place takes', () => {
    const html = render('en', { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(html).toContain('Valid until');
    expect(html).toContain('This place takes payments from $1.00 to $20,000.00.');
    expect(html).toContain('aria-label="Copy reference 94000000000001"');
    expect(html).not.toContain('role="alert"');
  });

  it("names the market's time zone and leaves out the seconds", () => {
    // 18:30 UTC is 12:30 in Mexico City (no daylight saving) and midnight the next day in India.
    expect(render('es', { expiresAt: '2099-03-10T18:30:45.000Z' })).toContain('Válida hasta el 2099-03-10 12:30 (hora de la Ciudad de México)');
    expect(render('en', { expiresAt: '2099-03-10T18:30:45.000Z' }, 'IN')).toContain('Valid until 2099-03-11 00:00 (IST)');
  });

  it('marks an expired reference, offers a new one and no copy', () => {
    const html = render('es', { expiresAt: new Date(Date.now() - 1_000).toISOString() });
    expect(html).toContain('instruction-reference__code--expired');
    expect(html).toContain('Esta referencia venció y ya no se puede pagar.');
    expect(html).toContain('Obtener una referencia nueva');
    expect(html).not.toContain('Copiar la referencia');
  });

  it('names the expired reference a new one replaced', () => {
    const html = render('en', { expiresAt: new Date(Date.now() + 3_600_000).toISOString(), expiredVCode: '94999999999999' });
    expect(html).toContain('Reference 94999999999999 had expired and can no longer be paid. Use the new reference above.');
  });
});
