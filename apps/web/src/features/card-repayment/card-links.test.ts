import { describe, expect, it } from 'vitest';
import { readPageParams } from '../../lib/page-params';
import { addCardHref, borrowDetailHref, readBorrowDetailRequest, readCardPaymentRequest, redirectPaymentHref, withRepayRecord } from './card-links';

const page = readPageParams(new URLSearchParams('userId=7&sessionId=s1&language=2&orderId=L1&productId=3&crp_phe=x'));
const session = 'userId=7&sessionId=s1&merchantNumber=10001&language=2';

describe('the card pages’ addresses', () => {
  it('sends Add a card the order and the amount, keeping the session params', () => {
    expect(addCardHref(page, { orderId: 'L1', productId: '3', amount: 120000 })).toBe(
      `/addnormalcard?${session}&productId=3&orderId=L1&couponMoney=&couponId=&withholdingAmount=120000&from=payway`,
    );
  });

  it('sends Pay another way the order and the amount', () => {
    expect(redirectPaymentHref(page, { orderId: 'L1', amount: 500 })).toBe(`/alipayrepayment?${session}&orderId=L1&withholdingAmount=500&from=payway`);
  });

  it('comes back to borrow detail with the new card to preselect', () => {
    expect(borrowDetailHref(page, { orderId: 'L1', productId: '3', cardId: 9 })).toBe(`/borrowDetail/?${session}&productId=3&orderId=L1&cardId=9`);
  });

  it('reads what each page needs, refusing an address without it', () => {
    expect(readBorrowDetailRequest(new URLSearchParams('orderId=L1&cardId=9&repayRecordId=r1'))).toEqual({
      orderId: 'L1',
      cardId: 9,
      repayRecordId: 'r1',
    });
    expect(readBorrowDetailRequest(new URLSearchParams('orderId=L1&cardId=x'))).toEqual({ orderId: 'L1' });
    expect(readBorrowDetailRequest(new URLSearchParams('productId=3'))).toBeNull();
    expect(readCardPaymentRequest(new URLSearchParams('orderId=L1&productId=3&withholdingAmount=500'))).toEqual({
      orderId: 'L1',
      productId: '3',
      amount: 500,
    });
    expect(readCardPaymentRequest(new URLSearchParams('orderId=L1&withholdingAmount=5.5'))).toBeNull();
    expect(readCardPaymentRequest(new URLSearchParams('orderId=L1&withholdingAmount=0'))).toBeNull();
  });

  it('names the shown repayment in the address, and drops it to start over', () => {
    expect(withRepayRecord('?orderId=L1', 'r1')).toBe('?orderId=L1&repayRecordId=r1');
    expect(withRepayRecord('?orderId=L1&repayRecordId=r1', null)).toBe('?orderId=L1');
  });
});
