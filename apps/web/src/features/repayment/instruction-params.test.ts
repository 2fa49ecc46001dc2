import { describe, expect, it } from 'vitest';
import { readPageParams } from '../../lib/page-params';
import { readInstructionRequest, repaymentInstructionHref } from './instruction-params';

describe('the instruction address', () => {
  it('reads the order, amount, place and purpose', () => {
    const query = new URLSearchParams('orderId=LN1&productId=3&amount=12345&payCode=tienda-demo&requestType=1');
    expect(readInstructionRequest(query)).toEqual({ orderId: 'LN1', productId: '3', amount: 12345, payCode: 'tienda-demo', requestType: '1' });
  });

  it.each([
    ['no order', 'amount=1&payCode=a&requestType=1'],
    ['no place', 'orderId=LN1&amount=1&requestType=1'],
    ['a fractional amount', 'orderId=LN1&amount=1.5&payCode=a&requestType=1'],
    ['a zero amount', 'orderId=LN1&amount=0&payCode=a&requestType=1'],
    ['an unknown purpose', 'orderId=LN1&amount=1&payCode=a&requestType=3'],
  ])('reads nothing with %s', (_, search) => {
    expect(readInstructionRequest(new URLSearchParams(search))).toBeNull();
  });

  it('links a place with the session params of the page, as a repayment', () => {
    const page = readPageParams(new URLSearchParams('sessionId=s1&language=1&orderId=LN1'));
    const href = new URL(repaymentInstructionHref(page, { orderId: 'LN1', productId: '3' }, 500, 'banco-demo'), 'https://x.test');
    expect(href.pathname).toBe('/carpmm');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      sessionId: 's1',
      language: '1',
      orderId: 'LN1',
      productId: '3',
      amount: '500',
      payCode: 'banco-demo',
      requestType: '1',
    });
  });
});
