import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formattersForMarket } from '../../../lib/format';
import { I18nProvider, staticCatalogues } from '../../../lib/i18n';
import { borrowerEn } from '../../../locales/areas/borrower.en';
import { borrowerEs } from '../../../locales/areas/borrower.es';
import { PayoffSection } from './PayoffSection';

const catalogues = staticCatalogues({ en: borrowerEn, es: borrowerEs });

describe('the payoff beside the installment', () => {
  it('shows what settles the loan today and links each place for exactly that amount', () => {
    const payoff = {
      amount: 9_876_54,
      title: 'Pay off your loan',
      message: 'Pay $9,876.54 today to repay your loan in full.',
      rows: [{ text: 'To pay today', value: '$9,876.54' }],
      repayList: [{ reviewer: 'Pay in cash at a store', list: [{ logo: '/l.svg', desc: 'Tienda', vCode: '94123', BARcodeImg: '', payCode: 'tienda-demo' }] }],
    };
    const html = renderToStaticMarkup(
      <I18nProvider language="en" catalogues={catalogues}>
        <PayoffSection payoff={payoff} format={formattersForMarket('MX')} hrefOf={(payCode) => `/carpmm?amount=${payoff.amount}&payCode=${payCode}`} />
      </I18nProvider>,
    );
    expect(html).toContain('<strong>$9,876.54</strong>');
    expect(html).toContain('Pay $9,876.54 today to repay your loan in full.');
    expect(html).toContain('href="/carpmm?amount=987654&amp;payCode=tienda-demo"');
    expect(html).toContain('94123');
    // No barcode: no barcode button.
    expect(html).not.toContain('channel__barcode');
  });
});
