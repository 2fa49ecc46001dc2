import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { MACHINE_BASE, MachinePath, Prerender, type LoanDetails } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, productByCode, pushOffer } from './loan-helpers';

const MARKERS = { title: '<!--lend:title-->', screen: '<!--lend:screen-->', answers: '<!--lend:answers-->' };
const FRAME = '<div id="root" data-shell>frame</div>';
const LOADER_HASH = "'sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB='";

/**
 * A stand-in for the web build's server render (src/app/borrower/shell.tsx): it asks for the
 * order details exactly as the page would, and "renders" the answer it is given, so these tests
 * see what the server hands it.
 */
const fakeRenderer = `
export const whenReady = async () => undefined;
export const routeOf = (path) => (path === '/loanDetails' ? { path } : undefined);
export function firstCallRequest(route, search) {
  const address = new URLSearchParams(search);
  const orderId = (address.get('orderId') ?? '').trim();
  if (!orderId) return null;
  const query = new URLSearchParams();
  for (const key of ['userId', 'sessionId', 'language']) if (address.get(key)) query.set(key, address.get(key));
  return {
    method: 'POST',
    url: '${MACHINE_BASE}${MachinePath.loanDetails}?' + query,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ orderId }).toString(),
  };
}
export function renderScreen(route, search, language, data) {
  if (search.includes('unrenderable=1')) throw new Error('reads the window');
  return { html: '<p class="order">' + data.orderNo + '</p>', titleHtml: language + ' title', answers: JSON.stringify({ details: data, extra: '</script><script>alert(1)</script>' }) };
}
`;

/** A web build with the order details' frame, its page to fill, and the server render beside it. */
function fakeBuild(): { root: string; dist: string } {
  const root = mkdtempSync(join(tmpdir(), 'lend-build-'));
  const dist = join(root, 'dist');
  const folder = Prerender.shells.slice(0, Prerender.shells.lastIndexOf('/'));
  mkdirSync(join(dist, folder, 'en'), { recursive: true });
  mkdirSync(join(dist, folder, 'es'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  const pages: Record<string, unknown> = {};
  for (const language of ['en', 'es']) {
    const file = `${folder}/${language}/loanDetails.html`;
    const frame = `<!doctype html><html lang="${language}"><body>${FRAME}</body></html>`;
    for (const suffix of ['', '.br', '.gz']) writeFileSync(join(dist, `${file}${suffix}`), frame);
    const screenFile = `${folder}/${language}/loanDetails.screen.html`;
    writeFileSync(
      join(dist, screenFile),
      `<!doctype html><html lang="${language}"><head><title>${MARKERS.title}</title></head><body>` +
        `<div id="root" data-shell data-screen>${MARKERS.screen}</div><script type="application/json" id="lend-answers">${MARKERS.answers}</script></body></html>`,
    );
    pages[language] = { file, scriptHashes: [], screen: { file: screenFile, markers: MARKERS, scriptHashes: [LOADER_HASH] } };
  }
  writeFileSync(join(dist, Prerender.shells), JSON.stringify({ '/loanDetails': pages }));
  mkdirSync(join(root, '.prerender/shells'), { recursive: true });
  writeFileSync(join(root, '.prerender/shells/shell.js'), fakeRenderer);
  return { root, dist };
}

describe('borrower screens rendered by the server with the borrower’s data', () => {
  let t: TestApp;
  let build: { root: string; dist: string };
  let owner: BorrowerSession;
  let stranger: BorrowerSession;
  let orderNo = '';
  beforeAll(async () => {
    build = fakeBuild();
    t = await createTestApp({ seed: true, env: { WEB_DIST_DIR: build.dist } });
    owner = await openSession(t.app, '5544470001');
    stranger = await openSession(t.app, '5544470002');
    orderNo = await pushOffer(t.app, owner, (await productByCode(t.app, 'peso-plus-120')).id);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(build.root, { recursive: true, force: true });
  });

  const page = (session: BorrowerSession, extra: Record<string, string> = {}, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/loanDetails?${sessionQuery(session, { orderId: orderNo, ...extra })}`,
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('renders the order with the answer the API gives the borrower, in the page’s language, never cached', async () => {
    const details = (await callBorrower<LoanDetails>(t.app, owner, MachinePath.loanDetails, { orderId: orderNo }, '1')).data;
    const response = await page(owner, { language: '1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(`<div id="root" data-shell data-screen><p class="order">${orderNo}</p></div>`);
    expect(response.body).toContain('<title>en title</title>');
    // The data block carries the API's own answer, escaped so nothing in it can end the element.
    const block = /<script type="application\/json" id="lend-answers">(.*?)<\/script>/s.exec(response.body)?.[1] ?? '';
    expect(block).not.toContain('</script>');
    expect(JSON.parse(block)).toEqual({ details, extra: '</script><script>alert(1)</script>' });
    // Its inline script is allowed by its hash, on this answer only.
    expect(response.headers['content-security-policy']).toContain(LOADER_HASH);
    expect((await page(owner, { language: '2' })).body).toContain('<title>es title</title>');
  });

  it('compresses the page as the browser accepts', async () => {
    const response = await page(owner, {}, 'gzip, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain(orderNo);
  });

  it('sends the frame, without the order, to a wrong session, another borrower or a session of another account', async () => {
    for (const response of [
      await page({ ...owner, sessionId: 'not-a-session' }),
      await page(stranger),
      await page({ ...owner, sessionId: stranger.sessionId }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(FRAME);
      expect(response.body).not.toContain(orderNo);
      expect(response.headers['content-security-policy']).not.toContain(LOADER_HASH);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends the frame when the address lacks the order, or for a HEAD request', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/loanDetails?${sessionQuery(owner)}` });
    expect(missing.body).toContain(FRAME);
    // A screen that cannot render here keeps its frame too.
    expect((await page(owner, { unrenderable: '1' })).body).toContain(FRAME);
    const head = await t.app.inject({ method: 'HEAD', url: `/loanDetails?${sessionQuery(owner, { orderId: orderNo })}` });
    expect(head.statusCode).toBe(200);
  });
});
