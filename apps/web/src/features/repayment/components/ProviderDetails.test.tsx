import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider, staticCatalogues } from '../../../lib/i18n';
import { borrowerEn } from '../../../locales/areas/borrower.en';
import { borrowerEs } from '../../../locales/areas/borrower.es';
import { ProviderDetails } from './ProviderDetails';

const catalogues = staticCatalogues({ en: borrowerEn, es: borrowerEs });

const detail = { amount: 150_00, repayTitle: 'Pay', repayDes: '', repayCode: '', vCode: 'REF1', companyName: 'Demo' };

const render = (language: 'en' | 'es', extra: { clabe?: string; bankName?: string; beneficiary?: string; voucherUrl?: string; accountNumber?: string; ifsc?: string; upiQrUrl?: string }) =>
  renderToStaticMarkup(
    <I18nProvider language={language} catalogues={catalogues}>
      <ProviderDetails detail={{ ...detail, ...extra }} />
    </I18nProvider>,
  );

describe("the payment rail's details", () => {
  it('shows the CLABE to transfer to with its bank and holder, in Spanish', () => {
    const html = render('es', { clabe: '002180650612345670', bankName: 'BANAMEX', beneficiary: 'Lend SA' });
    expect(html).toContain('CLABE para transferir');
    expect(html).toContain('aria-label="Copiar la CLABE 002180650612345670"');
    expect(html).toContain('Banco: BANAMEX');
    expect(html).toContain('Titular de la cuenta: Lend SA');
  });

  it('links the printable voucher, and shows nothing for a reference without details', () => {
    expect(render('en', { voucherUrl: 'https://payments.stripe.com/oxxo/voucher/test_1' })).toContain('href="https://payments.stripe.com/oxxo/voucher/test_1"');
    expect(render('en', {})).toBe('');
  });

  it('shows an Indian account number and IFSC to copy, and links the UPI QR code, in both languages', () => {
    const en = render('en', { accountNumber: '2223330012345678', ifsc: 'RATN0VAAPIS', bankName: 'RBL Bank', beneficiary: 'Lend Demo' });
    expect(en).toContain('Account number to transfer to');
    expect(en).toContain('aria-label="Copy account number 2223330012345678"');
    expect(en).toContain('aria-label="Copy IFSC RATN0VAAPIS"');
    expect(en).toContain('Bank: RBL Bank');
    expect(render('es', { accountNumber: '2223330012345678', ifsc: 'RATN0VAAPIS' })).toContain('Número de cuenta para transferir');
    const upi = render('en', { upiQrUrl: 'https://rzp.io/i/abc123' });
    expect(upi).toContain('href="https://rzp.io/i/abc123"');
    expect(upi).toContain('Open the UPI QR code');
    expect(render('es', { upiQrUrl: 'https://rzp.io/i/abc123' })).toContain('Abrir el código QR de UPI');
  });
});
