import type { PaymentChannelGroup } from '@lend/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider, staticCatalogues } from '../../lib/i18n';
import { borrowerEn } from '../../locales/areas/borrower.en';
import { borrowerEs } from '../../locales/areas/borrower.es';
import { ChannelGroups } from './ChannelGroups';

const catalogues = staticCatalogues({ en: borrowerEn, es: borrowerEs });

const store = { logo: '/media/store.svg', desc: 'Tienda', vCode: '94000000000001', BARcodeImg: 'data:image/png;base64,AA==', payCode: 'tienda-demo' };
const transfer = { logo: '/media/bank.svg', desc: 'SPEI', vCode: '646180000000000001', BARcodeImg: '', payCode: 'spei-demo' };
const bare = { logo: '', desc: 'Agent', vCode: '', BARcodeImg: '', payCode: 'agent-demo' };

const render = (language: 'en' | 'es', groups: readonly PaymentChannelGroup[], headingLevel: 2 | 3 = 3) =>
  renderToStaticMarkup(
    <I18nProvider language={language} catalogues={catalogues}>
      <ChannelGroups groups={groups} hrefOf={(payCode) => `/carpmm?requestType=2&payCode=${payCode}`} testId="channels" headingLevel={headingLevel} />
    </I18nProvider>,
  );

describe('the payment channel groups', () => {
  it('heads each group and links every place to its instruction with the caller address', () => {
    const html = render('en', [
      { reviewer: 'Pay in cash at a store', list: [store] },
      { reviewer: 'Pay by bank transfer', list: [transfer] },
    ]);
    expect(html).toMatch(/<h3 id="[^"]+" class="channel-group__title">Pay in cash at a store<\/h3>/);
    expect(html).toContain('Pay by bank transfer</h3>');
    expect(html).toContain('href="/carpmm?requestType=2&amp;payCode=tienda-demo"');
    expect(html).toContain('href="/carpmm?requestType=2&amp;payCode=spei-demo"');
    expect(html).toContain('See how to pay at this place');
  });

  it('offers the borrower’s own CLABE or account to copy instead of the reference, and no code for a UPI QR code', () => {
    const spei = { ...transfer, vCode: 'REF8CF4FA49C1', clabe: '002180365433878412', bankName: 'BANAMEX', beneficiary: 'Lend SA' };
    const smartCollect = { ...transfer, vCode: 'LN1-1-100-0', accountNumber: '2223330612370356', ifsc: 'RATN0VAAPIS' };
    const upi = { ...store, vCode: 'qr_2e2c27bd7c0cba', BARcodeImg: '', upiQrUrl: 'https://rzp.io/i/abc' };
    const es = render('es', [{ reviewer: 'Transferencia', list: [spei] }]);
    expect(es).toContain('Su CLABE');
    expect(es).toContain('aria-label="Copiar la CLABE 002180365433878412"');
    expect(es).not.toContain('REF8CF4FA49C1');
    const en = render('en', [{ reviewer: 'Transfer', list: [smartCollect] }, { reviewer: 'UPI', list: [upi] }]);
    expect(en).toContain('aria-label="Copy account number 2223330612370356"');
    expect(en).not.toContain('LN1-1-100-0');
    expect(en).not.toContain('qr_2e2c27bd7c0cba');
    expect(en.match(/class="channel__code"/g)).toHaveLength(1);
  });

  it('offers the reference to copy, and the barcode only where the place has one', () => {
    const html = render('en', [{ reviewer: 'Stores', list: [store, transfer] }]);
    expect(html).toContain('aria-label="Copy reference 94000000000001"');
    expect(html).toContain('aria-label="Copy reference 646180000000000001"');
    expect(html.match(/class="[^"]*channel__barcode"/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Show barcode for Tienda"');
    // Closed until a barcode is chosen: no image of it yet.
    expect(html).not.toContain('barcode-modal__image');
  });

  it('leaves out the lower part of a place with neither code nor barcode', () => {
    const html = render('en', [{ reviewer: 'Agents', list: [bare] }]);
    expect(html).toContain('data-pay-code="agent-demo"');
    expect(html).not.toContain('channel__code');
    expect(html).not.toContain('<img class="channel__logo"');
  });

  it('uses the heading level of the screen it sits in, in Spanish too', () => {
    const html = render('es', [{ reviewer: 'Pague en efectivo en tienda', list: [store] }], 2);
    expect(html).toContain('Pague en efectivo en tienda</h2>');
    expect(html).toContain('aria-label="Copiar la referencia 94000000000001"');
    expect(html).toContain('aria-label="Mostrar el código de barras de Tienda"');
    expect(html).toContain('Ver cómo pagar en este lugar');
  });

  it('says in the borrower language when no place takes the amount', () => {
    expect(render('es', [])).toContain('Ningún lugar de pago acepta este monto en este momento.');
    expect(render('en', [])).toContain('No payment place takes this amount right now.');
  });
});
