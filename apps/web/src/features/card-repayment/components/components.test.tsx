import type { CardRepaymentResult } from '@lend/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, staticCatalogues } from '../../../lib/i18n';
import { hashEn } from '../../../locales/areas/hash.en';
import { hashEs } from '../../../locales/areas/hash.es';
import { CardList } from './CardList';
import { CodeField } from './CodeField';
import { RepaymentResultView } from './RepaymentResultView';

const catalogues = staticCatalogues({ en: hashEn, es: hashEs });

const render = (language: 'en' | 'es', node: ReactNode) => renderToStaticMarkup(<I18nProvider language={language} catalogues={catalogues}>{node}</I18nProvider>);
const noop = () => undefined;

const paid: CardRepaymentResult = {
  repayRecordId: 'r1',
  orderId: 'L1',
  method: 'card',
  status: 'paid',
  market: 'IN',
  amount: 123456,
  bankName: 'Demo Bank',
  last4: '4242',
  receiptNo: 'RC-000123',
  balanceAfter: 0,
  settled: true,
  paidAt: '2030-06-01T10:00:00.000Z',
  resendInSeconds: null,
};

describe('the SMS code field', () => {
  it('is one numeric one-time-code input of six digits', () => {
    const html = render('en', <CodeField id="code" value="12" onChange={noop} />);
    expect(html.match(/<input/g)).toHaveLength(1);
    expect(html).toContain('inputMode="numeric"');
    expect(html).toContain('autoComplete="one-time-code"');
    expect(html).toContain('maxLength="6"');
    expect(html).toContain('<label for="code">Code from the SMS</label>');
  });
});

describe('the saved cards', () => {
  it('shows the bank and the last 4 digits only, none chosen at first', () => {
    const cards = [
      { id: 1, bankName: 'Banco Demo', cardNo: '•••• 4242', bankCode: 'DEMO', last4: '4242' },
      { id: 2, bankName: 'Banco Dos', cardNo: '•••• 3155', bankCode: 'DOS', last4: '3155' },
    ];
    const html = render('es', <CardList cards={cards} selectedId={null} onSelect={noop} listRef={null} />);
    expect(html).toContain('<legend class="card-list__legend">Pagar con</legend>');
    expect(html).toContain('•••• 4242');
    expect(html).toContain('tarjeta terminada en 3155');
    expect(html).not.toContain('checked');
  });

  it('says there is no card yet', () => {
    expect(render('en', <CardList cards={[]} selectedId={null} onSelect={noop} listRef={null} />)).toContain('You have no saved cards yet');
  });
});

describe('the repayment result', () => {
  it('shows a paid repayment’s receipt in the order’s currency, whatever the language', () => {
    const html = render('es', <RepaymentResultView result={paid} onRefresh={noop} onRetry={noop} busy={false} />);
    expect(html).toContain('Pago recibido');
    expect(html).toContain('RC-000123');
    expect(html).toContain('₹');
    expect(html).toContain('Demo Bank ••••\u00a04242');
    expect(html).toContain('Su préstamo está liquidado.');
    expect(html).not.toContain('Intentar de nuevo');
  });

  it('offers a refresh while the bank confirms, and a new try after a decline', () => {
    const charging = render('en', <RepaymentResultView result={{ ...paid, status: 'charging' }} onRefresh={noop} onRetry={noop} busy={false} />);
    expect(charging).toContain('We are confirming the payment with your bank.');
    expect(charging).toContain('>Refresh</button>');
    const declined = render('en', <RepaymentResultView result={{ ...paid, status: 'declined' }} onRefresh={noop} onRetry={noop} busy={false} />);
    expect(declined).toContain('Your bank declined the payment.');
    expect(declined).toContain('>Try again</button>');
    expect(declined).not.toContain('RC-000123');
  });
});
