import { describe, expect, it } from 'vitest';
import { checkoutMessagePage, checkoutPage } from './checkout-page';
import type { SandboxCheckoutRow } from './sandbox-card-repository';

const open: SandboxCheckoutRow = {
  id: 'chk_x',
  merchantReference: '<b>rr</b>"&',
  amountMinor: 100_00,
  currency: 'MXN',
  returnUrl: '/#/a?x=1&y="2"',
  status: 'open',
  createdAt: new Date(),
  completedAt: null,
};

describe('the checkout page text', () => {
  it('writes the reference and the return address as text, never as markup', () => {
    expect(checkoutPage(open, 'es')).toContain('<dd>&lt;b&gt;rr&lt;/b&gt;&quot;&amp;</dd>');
    expect(checkoutPage({ ...open, status: 'paid' }, 'en')).toContain('href="/#/a?x=1&amp;y=&quot;2&quot;"');
  });

  it('says why there is nothing to show in either language', () => {
    expect(checkoutMessagePage('en', 'tooMany')).toContain('Too many requests; try again in a minute.');
    expect(checkoutMessagePage('es', 'failed')).toContain('El pago falló; inténtalo de nuevo.');
  });
});
