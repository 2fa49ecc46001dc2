import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { BORROWER_WEB_COOKIE, Prerender, WEB_APP_MANIFEST_PATH } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, type TestApp } from './helper';

const indexHtml = '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';
const appJs = `console.log(${JSON.stringify('x'.repeat(2000))});`;

function writeCompressed(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

const shellHtml = (language: string, path: string) => `<!doctype html><html lang="${language}"><body><div id="root" data-shell>${path}</div></body></html>`;
const SHELL_SCRIPT_HASH = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";

/** Borrower screens' pages as scripts/borrower-shells.mjs writes them, for two screens. */
function writeShells(dir: string) {
  const folder = Prerender.shells.slice(0, Prerender.shells.lastIndexOf('/'));
  const manifest: Record<string, Record<string, { file: string; scriptHashes: string[] }>> = {};
  for (const path of ['/loanDetails', '/testPreview']) {
    manifest[path] = {};
    for (const language of ['en', 'es']) {
      const file = `${folder}/${language}${path}.html`;
      mkdirSync(join(dir, folder, language), { recursive: true });
      writeCompressed(join(dir, file), shellHtml(language, path));
      manifest[path][language] = { file, scriptHashes: path === '/loanDetails' ? [SHELL_SCRIPT_HASH] : [] };
    }
  }
  writeFileSync(join(dir, Prerender.shells), JSON.stringify(manifest));
}

/** A stand-in build output, shaped like the web app's dist folder. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lend-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeCompressed(join(dir, 'index.html'), indexHtml);
  writeCompressed(join(dir, 'assets', 'app-3f2a1b.js'), appJs);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeShells(dir);
  writeFileSync(join(dir, Prerender.webAppManifests), JSON.stringify({ MX: { name: 'Lend', lang: 'es-MX' }, IN: { name: 'Lend', lang: 'en-IN' } }));
  return dir;
}

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('picks the precompressed file the browser accepts', async () => {
    const br = await get('/assets/app-3f2a1b.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    const gz = await get('/assets/app-3f2a1b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-3f2a1b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
  });

  it('caches hashed assets for a year and never caches HTML', async () => {
    expect((await get('/assets/app-3f2a1b.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/Dag?userId=1', 'br');
    expect(page.headers['cache-control']).toBe('no-store');
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
  });

  it('answers the product pages with the app, compressed, and unknown pages with the app and 404', async () => {
    for (const path of ['/', '/About', '/complainDetails', '/Dag']) {
      const response = await get(path, 'br');
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(response.headers['content-type']).toContain('text/html');
    }
    const unknown = await get('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(indexHtml);
  });

  it('answers a borrower screen with its own page in the language of the address', async () => {
    const english = await get('/loanDetails?orderId=LN1&userId=1&sessionId=s&language=1');
    expect(english.statusCode).toBe(200);
    expect(english.body).toBe(shellHtml('en', '/loanDetails'));
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.headers['cache-control']).toBe('no-store');
    expect((await get('/loanDetails?language=2')).body).toBe(shellHtml('es', '/loanDetails'));
    // Without a language flag the app speaks Spanish.
    expect((await get('/loanDetails?orderId=LN1')).body).toBe(shellHtml('es', '/loanDetails'));
    expect((await get('/loanDetails/?language=1')).body).toBe(shellHtml('en', '/loanDetails'));
  });

  it('sends a screen page compressed as the browser accepts, with its inline script allowed by hash only there', async () => {
    const br = await get('/loanDetails?language=1', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const gz = await get('/loanDetails?language=1', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const scriptSrc = (policy: unknown) => String(policy).split(';').find((directive) => directive.startsWith('script-src ')) ?? '';
    expect(scriptSrc(br.headers['content-security-policy'])).toContain(SHELL_SCRIPT_HASH);
    expect(scriptSrc((await get('/Dag')).headers['content-security-policy'])).not.toContain(SHELL_SCRIPT_HASH);
  });

  it('keeps the plain app page for screens without a page of their own and for unknown addresses', async () => {
    const plain = await get('/Dag?language=1');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(indexHtml);
    const unknown = await get('/loanDetailsX?language=1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(indexHtml);
    // Page templates are never files to fetch.
    expect((await get(`/${Prerender.shells}`)).statusCode).toBe(404);
    expect((await get('/prerendered/borrower/en/loanDetails.html')).statusCode).toBe(404);
  });

  it('lands hash-route links (site root plus #/route?query; browsers never send the fragment) on the app', async () => {
    const response = await get('/?app_from=x');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
  });

  it("answers the web app's manifest of the signed-in borrower's market, else of the page's language (docs/decisions/240)", async () => {
    const manifest = async (language: string, cookie?: string) => {
      const answer = await t.app.inject({ method: 'GET', url: `${WEB_APP_MANIFEST_PATH}?language=${language}`, headers: cookie ? { cookie } : {} });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      expect(answer.headers.vary).toContain('Cookie');
      return answer.json<{ lang: string }>().lang;
    };
    expect(await manifest('1')).toBe('en-IN');
    expect(await manifest('2')).toBe('es-MX');
    const indian = await openSession(t.app, '+919810024601', 'IN', { credit: false, payoutAccount: false });
    expect(await manifest('2', `${BORROWER_WEB_COOKIE}=${indian.userId}.${indian.sessionId}`)).toBe('en-IN');
    const mexican = await openSession(t.app, '5510024602', 'MX', { credit: false, payoutAccount: false });
    expect(await manifest('1', `${BORROWER_WEB_COOKIE}=${mexican.userId}.${mexican.sessionId}`)).toBe('es-MX');
    // A cookie of no live session is no market: the page's language decides.
    expect(await manifest('1', `${BORROWER_WEB_COOKIE}=${mexican.userId}.not-a-session`)).toBe('en-IN');
  });

  it('answers a missing file or API path with a plain 404, never the page', async () => {
    const missing = await get('/assets/missing-123.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
    const api = await get('/machine/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(1004);
  });
});

describe('serving the web app in production', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({
      env: { WEB_DIST_DIR: dist, NODE_ENV: 'production', DATABASE_URL: 'postgres://unused/db', OPERATOR_TOKEN: 'p'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64) },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('has no developer preview page', async () => {
    const preview = await t.app.inject({ method: 'GET', url: '/testPreview' });
    expect(preview.statusCode).toBe(404);
    expect(preview.body).toBe(indexHtml);
    expect((await t.app.inject({ method: 'GET', url: '/Dag' })).statusCode).toBe(200);
  });
});
