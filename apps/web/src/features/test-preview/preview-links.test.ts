import { describe, expect, it } from 'vitest';
import { readPageParams } from '../../lib/page-params';
import { PREVIEW_TARGETS, initialFields, previewHref, previewQuery, targetQuery, type PreviewFields } from './preview-links';

const fields: PreviewFields = {
  market: 'MX',
  borrowerName: 'Ana Demo López',
  userId: '7',
  sessionId: 'abc',
  deviceId: 'dev-1',
  appVersion: '2.0.0',
  deviceName: 'Pixel',
  osVersion: '14',
  advertisingId: 'ad-1',
  productId: '3',
  orderId: '9',
  language: '1',
  extensionOrderId: 'LN-EXT',
  extensionProductId: '4',
  instructionAmount: '12345',
  instructionPayCode: 'tienda-demo',
  complaintOrderId: '41',
  confirmUserId: '8',
  confirmSessionId: 'def',
  confirmProductId: '5',
};

describe('developer preview links', () => {
  it('puts the edited common-query fields and the order in the query, not the device extras', () => {
    const query = previewQuery(fields, readPageParams(new URLSearchParams('appName=lend&userId=1')));
    expect(Object.fromEntries(query)).toEqual({
      deviceId: 'dev-1',
      appVersion: '2.0.0',
      userId: '7',
      appName: 'lend',
      sessionId: 'abc',
      merchantNumber: '10001',
      language: '1',
      orderId: '9',
      productId: '3',
    });
  });

  it('drops a common-query field the developer cleared', () => {
    const query = previewQuery({ ...fields, sessionId: ' ' }, readPageParams(new URLSearchParams('sessionId=old')));
    expect(query.has('sessionId')).toBe(false);
  });

  it('opens borrower pages by path and the bind-card page as a hash route', () => {
    const query = new URLSearchParams('orderId=9');
    const hrefs = PREVIEW_TARGETS.map((target) => previewHref(target, query));
    expect(hrefs).toContain('/Dag?orderId=9');
    expect(hrefs).toContain('/#/addnormalcard?orderId=9');
    expect(hrefs).toHaveLength(10);
  });

  it('opens the extension screen on an extendable order and the instruction with an amount and a channel', () => {
    const query = new URLSearchParams('orderId=9&productId=3&userId=7');
    const byLabel = (label: string) => {
      const target = PREVIEW_TARGETS.find((t) => t.label === label);
      if (!target) throw new Error(label);
      return Object.fromEntries(targetQuery(target, fields, query));
    };
    expect(byLabel('preview.link.repayment')).toEqual({ orderId: '9', productId: '3', userId: '7' });
    expect(byLabel('preview.link.delay')).toEqual({ orderId: 'LN-EXT', productId: '4', userId: '7' });
    // The complaint screen names the order by its numeric id; the confirmation opens a product free to borrow on.
    expect(byLabel('preview.link.complaint')).toEqual({ orderId: '41', productId: '3', userId: '7' });
    expect(byLabel('preview.link.loanConfirm')).toEqual({ productId: '5', userId: '8', sessionId: 'def' });
    expect(byLabel('preview.link.repaymentInstruction')).toEqual({
      orderId: '9',
      productId: '3',
      userId: '7',
      amount: '12345',
      payCode: 'tienda-demo',
      requestType: '1',
    });
    // Without server defaults the links keep the edited order only.
    const bare = { ...fields, extensionOrderId: '', instructionAmount: '' };
    const delay = PREVIEW_TARGETS.find((t) => t.label === 'preview.link.delay');
    expect(delay && Object.fromEntries(targetQuery(delay, bare, query))).toEqual({ orderId: '9', productId: '3', userId: '7' });
  });

  it('lets address params override the defaults', () => {
    const start = initialFields(fields, readPageParams(new URLSearchParams('language=2&orderId=42')));
    expect(start.language).toBe('2');
    expect(start.orderId).toBe('42');
    expect(start.userId).toBe('7');
  });
});
