import { NativeApp } from '@lend/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createNativeBridge, detectTransport } from './bridge';
import type { NativeHost } from './host';
import { BRIDGE_ACTIONS, type BridgeMessage } from './messages';
import { withParams } from './web-fallback';

function setup(host: NativeHost) {
  const fallback = { navigate: vi.fn(), back: vi.fn(), debug: vi.fn(), here: () => '/loanDetails?orderId=7&language=2' };
  return { bridge: createNativeBridge(() => host, fallback), fallback };
}

function everyAction(bridge: ReturnType<typeof createNativeBridge>) {
  bridge.openPage('https://wa.me/5255');
  bridge.openPageWithParams('/loanDetails', { orderId: '1' });
  bridge.closeWebView();
  bridge.goHome();
  bridge.goToMine();
  bridge.goToLogin();
  bridge.callTelephone('+5255');
  bridge.goToRate();
  bridge.confirmTrackingEvent('loan_confirm', { orderId: '1' });
  bridge.recordProductClick('3');
  bridge.startBankFlow();
  bridge.endBankFlow();
  bridge.closeDialog();
}

const expected: BridgeMessage[] = [
  { action: 'openPage', payload: { url: 'https://wa.me/5255' } },
  { action: 'openPageWithParams', payload: { url: '/loanDetails', params: { orderId: '1' } } },
  { action: 'closeWebView', payload: {} },
  { action: 'goHome', payload: {} },
  { action: 'goToMine', payload: {} },
  { action: 'goToLogin', payload: {} },
  { action: 'callTelephone', payload: { phone: '+5255' } },
  { action: 'goToRate', payload: {} },
  { action: 'confirmTrackingEvent', payload: { event: 'loan_confirm', data: { orderId: '1' } } },
  { action: 'recordProductClick', payload: { productId: '3' } },
  { action: 'startBankFlow', payload: {} },
  { action: 'endBankFlow', payload: {} },
  { action: 'closeDialog', payload: {} },
];

describe('native bridge', () => {
  it('covers every action', () => {
    expect(expected.map((m) => m.action)).toEqual(BRIDGE_ACTIONS);
  });

  it('detects the transport by the objects the host injects', () => {
    expect(detectTransport({ AndroidBridge: { postMessage: () => undefined } })).toBe('android');
    expect(detectTransport({ webkit: { messageHandlers: { nativeBridge: { postMessage: () => undefined } } } })).toBe(
      'ios',
    );
    expect(detectTransport({ webkit: { messageHandlers: {} } })).toBe('web');
    expect(detectTransport({})).toBe('web');
  });

  it('posts JSON strings to Android', () => {
    const postMessage = vi.fn();
    const { bridge, fallback } = setup({ AndroidBridge: { postMessage } });
    everyAction(bridge);
    expect(postMessage.mock.calls.map(([json]) => JSON.parse(String(json)))).toEqual(expected);
    expect(fallback.navigate).not.toHaveBeenCalled();
  });

  it('posts message objects to the iOS handler', () => {
    const postMessage = vi.fn();
    const { bridge } = setup({ webkit: { messageHandlers: { nativeBridge: { postMessage } } } });
    everyAction(bridge);
    expect(postMessage.mock.calls.map(([message]) => message)).toEqual(expected);
  });

  it('falls back to browser behaviour without a host', () => {
    const { bridge, fallback } = setup({});
    everyAction(bridge);
    expect(fallback.navigate.mock.calls.map(([url]) => url)).toEqual([
      'https://wa.me/5255',
      '/loanDetails?orderId=1',
      '/home?language=2',
      '/signIn?next=%2FloanDetails%3ForderId%3D7%26language%3D2',
      'tel:+5255',
    ]);
    expect(fallback.back).toHaveBeenCalledOnce();
    expect(fallback.debug.mock.calls.map(([, message]) => (message as BridgeMessage).action)).toEqual([
      'goToMine',
      'goToRate',
      'confirmTrackingEvent',
      'recordProductClick',
      'startBankFlow',
      'endBankFlow',
      'closeDialog',
    ]);
  });

  it('opens the product the app would open as its application on the web, in the page language', () => {
    const { bridge, fallback } = setup({});
    bridge.openPageWithParams(NativeApp.productSchemeUrl, { productId: '3' });
    expect(fallback.navigate).toHaveBeenCalledWith('/apply?productId=3&language=2');
  });

  it('adds params to plain, queried and hash-route URLs', () => {
    expect(withParams('/a', { x: '1' })).toBe('/a?x=1');
    expect(withParams('/a?y=2', { x: '1' })).toBe('/a?y=2&x=1');
    expect(withParams('/#/addnormalcard', { x: '1' })).toBe('/#/addnormalcard?x=1');
    expect(withParams('/#/addnormalcard?y=2', { x: '1' })).toBe('/#/addnormalcard?y=2&x=1');
    expect(withParams('/page#top', { x: '1' })).toBe('/page?x=1#top');
    expect(withParams('/a', {})).toBe('/a');
  });
});
