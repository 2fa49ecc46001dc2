import { describe, expect, it } from 'vitest';
import { groupCardNumber, luhnValid, repaymentCommitRequestSchema, SandboxTestCard } from './card-repayment';

describe('card numbers', () => {
  it('accepts every sandbox test card and refuses a changed digit', () => {
    for (const number of Object.values(SandboxTestCard)) {
      expect(luhnValid(number)).toBe(true);
      const changed = `${number.slice(0, -1)}${(Number(number.at(-1)) + 1) % 10}`;
      expect(luhnValid(changed)).toBe(false);
    }
  });

  it('refuses too short, too long and non-digit input', () => {
    expect(luhnValid('424242424242')).toBe(false);
    expect(luhnValid('42424242424242424242')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
  });

  it('groups digits in fours as they are typed', () => {
    expect(groupCardNumber('4242a42424')).toBe('4242 4242 4');
    expect(groupCardNumber('42424242')).toBe('4242 4242');
  });
});

describe('repayment commit', () => {
  const valid = { amount: '1500', cardId: '3', orderId: 'LN1', repayToken: 't', sendMsg: '0' };
  it('reads form values and takes no coupon', () => {
    expect(repaymentCommitRequestSchema.parse({ ...valid, couponId: '' })).toMatchObject({ amount: 1500, cardId: 3, sendMsg: 0, couponId: null });
  });
  it('refuses a coupon, a zero amount and an unknown sendMsg', () => {
    expect(repaymentCommitRequestSchema.safeParse({ ...valid, couponId: 'C1' }).success).toBe(false);
    expect(repaymentCommitRequestSchema.safeParse({ ...valid, amount: '0' }).success).toBe(false);
    expect(repaymentCommitRequestSchema.safeParse({ ...valid, sendMsg: '2' }).success).toBe(false);
  });
});
