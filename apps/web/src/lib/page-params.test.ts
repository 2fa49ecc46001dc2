import { describe, expect, it } from 'vitest';
import { DEFAULT_MERCHANT_NUMBER } from '@lend/contracts';
import { addressQuery, commonQuery, hashQuery, pageLanguage, readPageParams } from './page-params';

describe('page params', () => {
  it('reads the hash query of hash routes', () => {
    expect(hashQuery('#/borrowDetail/?orderId=1&productId=2')).toBe('?orderId=1&productId=2');
    expect(hashQuery('#/addnormalcard')).toBe('');
    expect(hashQuery('#section?x=1')).toBe('');
    const query = addressQuery({ search: '?language=2&userId=1', hash: '#/borrowDetail/?orderId=1&language=1' });
    expect(query.get('orderId')).toBe('1');
    expect(query.get('userId')).toBe('1');
    expect(query.get('language')).toBe('1');
  });

  it('fills the merchant number and ignores blank values', () => {
    const params = readPageParams(new URLSearchParams('userId=%20&orderId=5&couponMoney=100'));
    expect(params.merchantNumber).toBe(DEFAULT_MERCHANT_NUMBER);
    expect(params.userId).toBeUndefined();
    expect(params.orderId).toBe('5');
    expect(params.couponMoney).toBe('100');
    expect(readPageParams(new URLSearchParams('merchantNumber=77')).merchantNumber).toBe('77');
  });

  it('puts only the common keys in the common query', () => {
    const query = commonQuery(readPageParams(new URLSearchParams('userId=1&sessionId=s&orderId=5&language=1')));
    expect(query.toString()).toBe(`userId=1&sessionId=s&merchantNumber=${DEFAULT_MERCHANT_NUMBER}&language=1`);
  });

  it('reads the language flag: 1 English, 2 or absent Spanish', () => {
    const lang = (search: string) => pageLanguage(readPageParams(new URLSearchParams(search)));
    expect(lang('language=1')).toBe('en');
    expect(lang('language=2')).toBe('es');
    expect(lang('')).toBe('es');
    expect(lang('language=9')).toBe('es');
  });
});
