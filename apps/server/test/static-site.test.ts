import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';

const indexHtml = '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';
const appJs = `console.log(${JSON.stringify('x'.repeat(2000))});`;

function writeCompressed(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

/** A stand-in build output, shaped like the web app's dist folder. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lend-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeCompressed(join(dir, 'index.html'), indexHtml);
  writeCompressed(join(dir, 'assets', 'app-3f2a1b.js'), appJs);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
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
    for (const path of ['/', '/About', '/testPreview', '/complainDetails', '/Dag']) {
      const response = await get(path, 'br');
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(response.headers['content-type']).toContain('text/html');
    }
    const unknown = await get('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(indexHtml);
  });

  it('lands hash-route links (site root plus #/route?query; browsers never send the fragment) on the app', async () => {
    const response = await get('/?app_from=x');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
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
      env: { WEB_DIST_DIR: dist, NODE_ENV: 'production', DATABASE_URL: 'postgres://unused/db', OPERATOR_TOKEN: 'p'.repeat(40) },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('has no developer preview page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/testPreview' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/Dag' })).statusCode).toBe(200);
  });
});
