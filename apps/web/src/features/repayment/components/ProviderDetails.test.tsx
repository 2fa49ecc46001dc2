import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider, staticCatalogues } from '../../../lib/i18n';
import { borrowerEn } from '../../../locales/areas/borrower.en';
import { borrowerEs } from '../../../locales/areas/borrower.es';
import { ProviderDetails, TransferAccount, UpiPayment } from './ProviderDetails';

const catalogues = staticCatalogues({ en: borrowerEn, es: borrowerEs });

const detail = { amount: 150_00, repayTitle: 'Pay', repayDes: '', repayCode: '', vCode: 'REF1', companyName: 'Demo' };

type Extra = { clabe?: string; bankName?: string; beneficiary?: string; voucherUrl?: string; accountNumber?: string; ifsc?: string; upiQrUrl?: string; upiIntentUrl?: string; upiQrImg?: string };

const render = (language: 'en' | 'es', extra: Extra, Component = ProviderDetails) =>
  renderToStaticMarkup(
    <I18nProvider language={language} catalogues={catalogues}>
      <Component detail={{ ...detail, ...extra }} />
    </I18nProvider>,
  );

describe("the payment rail's details", () => {
  it('shows the CLABE to transfer to with its bank and holder, in Spanish', () => {
    const html = render('es', { clabe: '002180650612345670', bankName: 'BANAMEX', beneficiary: 'Lend SA' }, TransferAccount);
    expect(html).toContain('CLABE para transferir');
    expect(html).toContain('aria-label="Copiar la CLABE 002180650612345670"');
    expect(html).toContain('<dt>Banco</dt><dd><span data-testid="instruction-bank">BANAMEX</span></dd>');
    expect(html).toContain('<dt>Titular de la cuenta</dt><dd><span data-testid="instruction-beneficiary">Lend SA</span></dd>');
  });

  it('links the printable voucher, and shows nothing for a reference without details', () => {
    expect(render('en', { voucherUrl: 'https://payments.stripe.com/oxxo/voucher/test_1' })).toContain('href="https://payments.stripe.com/oxxo/voucher/test_1"');
    expect(render('en', {})).toBe('');
  });

  it('shows an Indian account number and IFSC to copy, and links the UPI QR code, in both languages', () => {
    const en = render('en', { accountNumber: '2223330012345678', ifsc: 'RATN0VAAPIS', bankName: 'RBL Bank', beneficiary: 'Lend Demo' }, TransferAccount);
    expect(en).toContain('Account number to transfer to');
    expect(en).toContain('aria-label="Copy account number 2223330012345678"');
    expect(en).toContain('aria-label="Copy IFSC RATN0VAAPIS"');
    expect(en).toContain('<dt>Bank</dt>');
    expect(en).toContain('>RBL Bank</span>');
    expect(render('es', { accountNumber: '2223330012345678', ifsc: 'RATN0VAAPIS' }, TransferAccount)).toContain('Número de cuenta para transferir');
    expect(render('en', { accountNumber: '2223330012345678' })).toBe('');
    const upi = render('en', { upiQrUrl: 'https://rzp.io/i/abc123' });
    expect(upi).toContain('href="https://rzp.io/i/abc123"');
    expect(upi).toContain('Open the UPI QR code');
    expect(render('es', { upiQrUrl: 'https://rzp.io/i/abc123' })).toContain('Abrir el código QR de UPI');
  });

  it('shows the UPI QR code itself with a button to a UPI app, and then no longer links Razorpay’s page of it', () => {
    const upi = { upiQrUrl: 'https://rzp.io/i/abc123', upiIntentUrl: 'upi://pay?pa=rzr.qr1@icici&am=150.00&cu=INR', upiQrImg: 'data:image/svg+xml;base64,PHN2Zy8+' };
    const en = render('en', upi, UpiPayment);
    expect(en).toContain('src="data:image/svg+xml;base64,PHN2Zy8+" alt="UPI QR code: scan it with a UPI app to pay"');
    expect(en).toContain('href="upi://pay?pa=rzr.qr1@icici&amp;am=150.00&amp;cu=INR"');
    expect(en).toContain('Pay with a UPI app on this phone');
    expect(render('es', upi, UpiPayment)).toContain('Pagar con una aplicación UPI en este teléfono');
    expect(render('en', upi)).toBe('');
  });

  it('makes a link of a UPI payment link only', () => {
    const html = render('en', { upiIntentUrl: 'javascript:alert(1)', upiQrImg: 'data:image/svg+xml;base64,PHN2Zy8+' }, UpiPayment);
    expect(html).not.toContain('href=');
    expect(render('en', { upiIntentUrl: 'javascript:alert(1)' }, UpiPayment)).toBe('');
  });
});
