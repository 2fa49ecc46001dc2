import { describe, expect, it } from 'vitest';
import { readPageParams } from '../../lib/page-params';
import { delayHref, repayHref } from './order-links';

const page = readPageParams(new URLSearchParams('userId=7&sessionId=s3cret&language=1&orderId=LN1&productId=2'));
const order = { orderNo: 'LN1', productId: 2, h5Url: '' };

describe('order links', () => {
  it('sends Repay to the repayment screen with the order and the session params', () => {
    expect(repayHref(order, page)).toBe('/repayment?userId=7&sessionId=s3cret&merchantNumber=10001&language=1&orderId=LN1&productId=2');
  });

  it("sends Repay to the product's own page when the server names one, hash routes included", () => {
    expect(repayHref({ ...order, h5Url: '/#/addnormalcard?orderId=LN1&productId=2' }, page)).toBe(
      '/#/addnormalcard?orderId=LN1&productId=2&userId=7&sessionId=s3cret&merchantNumber=10001&language=1',
    );
  });

  it('sends Delay to the extension screen', () => {
    expect(delayHref(order, page)).toBe('/delayRepayment?userId=7&sessionId=s3cret&merchantNumber=10001&language=1&orderId=LN1&productId=2');
  });
});
