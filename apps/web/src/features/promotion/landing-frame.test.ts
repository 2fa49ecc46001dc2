import { afterEach, describe, expect, it, vi } from 'vitest';
import { PromotionPath } from '@lend/contracts';
import { stubFetch } from '../../lib/http/stub-fetch';
import { getSid } from './api/get-sid';
import { getTemplate } from './api/get-template';
import { promotionUrl } from './api/promotion-client';
import { PAGE_FRAME_MARKER } from '../../lib/page-frame';
import { PREFETCH_STORE, settledPrefetch, takePrefetched } from '../../lib/prefetch';
import { landingRequests, pageReply, startLandingFrame } from './landing-frame';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const templateReply = { code: '0', message: 'Success', data: { id: 7, title: 'Cash', bannerUrl: '/media/promo/banner.svg' } };
const sidReply = { code: '0', message: 'Success', data: { sid: 'sid-1' } };

/** The site root's page on an address, before its frame is parsed: the script runs against it. */
function openPage(hash: string, search = '') {
  const marked: string[] = [];
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('location', { hash, search });
  vi.stubGlobal('document', {
    readyState: 'complete',
    documentElement: { setAttribute: (name: string) => marked.push(name) },
    getElementById: () => null,
  });
  return marked;
}

const answering = () => stubFetch(({ url }) => json(url.includes(PromotionPath.getSid) ? sidReply : templateReply));

afterEach(() => {
  Reflect.deleteProperty(globalThis, PREFETCH_STORE);
  vi.unstubAllGlobals();
});

describe('the landing’s calls made by the page', () => {
  it('are the calls the promotion client sends, with its headers, taken by the screen once', async () => {
    const calls = answering();
    const marked = openPage('#/downloadTemplate?id=%207%20&language=1&dearest=d1', '?language=2');
    await startLandingFrame(Promise.resolve());
    const templateUrl = promotionUrl(PromotionPath.template, { templateId: '7' });
    const sidUrl = promotionUrl(PromotionPath.getSid, { templateId: '7' });
    expect(calls.map((call) => call.url)).toEqual([templateUrl, sidUrl]);
    expect(templateUrl).toBe('/api/v2/youmi/service/channel/channel-template?templateId=7&language=1');
    expect(calls[0]?.init.headers).toEqual({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', dearest: 'd1', language: '1' });
    expect(marked).toEqual([PAGE_FRAME_MARKER]);
    expect(pageReply(settledPrefetch(landingRequests('7')[0])?.value)).toEqual(templateReply);

    await expect(getTemplate('7', undefined, true)).resolves.toEqual(templateReply);
    await expect(getSid('7', undefined, true)).resolves.toEqual(sidReply);
    expect(calls).toHaveLength(2);
    // Taken once: a later call asks the server.
    await expect(getTemplate('7', undefined, true)).resolves.toEqual(templateReply);
    expect(calls).toHaveLength(3);
  });

  it('are asked again by the screen when the page’s failed in transport', async () => {
    let fail = true;
    const calls = stubFetch(() => (fail ? Promise.reject(new TypeError('offline')) : json(sidReply)));
    openPage('#/agreementTemplate?id=3');
    await startLandingFrame(Promise.resolve());
    fail = false;
    await expect(getSid('3', undefined, true)).resolves.toEqual(sidReply);
    expect(calls).toHaveLength(3);
  });

  it('are made on a landing link with a template id only', () => {
    const calls = answering();
    for (const hash of ['', '#/download?id=3', '#/addnormalcard?id=3', '#/downloadTemplate', '#/downloadTemplate?id=x1']) {
      openPage(hash);
      expect(startLandingFrame(Promise.resolve())).toBeUndefined();
    }
    expect(calls).toEqual([]);
    expect(landingRequests('3').map(takePrefetched)).toEqual([undefined, undefined]);
  });
});
