import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { BACKOFFICE_HTML, BACKOFFICE_PATH, ErrorCode, errorMessage, LanguageFlag, OPERATOR_BASE, StaffPath } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';

const indexHtml = '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';
const backofficeHtml = '<!doctype html><html><head><title>Back office</title></head><body><div id="root"></div><script type="module" src="/assets/backoffice-1a2b3c.js"></script></body></html>';

function writeCompressed(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

describe('the back office page (docs/decisions/166)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lend-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeCompressed(join(dist, 'index.html'), indexHtml);
    writeCompressed(join(dist, BACKOFFICE_HTML), backofficeHtml);
    writeCompressed(join(dist, 'assets', 'backoffice-1a2b3c.js'), 'console.log("back office");');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('answers its address with its own page, never cached, framed or indexed, with the same script policy as the other pages', async () => {
    for (const path of [BACKOFFICE_PATH, `${BACKOFFICE_PATH}/`]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toBe(backofficeHtml);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'none'");
      const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc).toBe("script-src 'self'");
    }
    const compressed = await get(BACKOFFICE_PATH, 'br');
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it('serves its scripts like every other asset, and the page only at its address', async () => {
    expect((await get('/assets/backoffice-1a2b3c.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const direct = await get(`/${BACKOFFICE_HTML}`);
    expect(direct.statusCode).toBe(404);
    expect(direct.body).not.toContain('Back office');
  });

  it('leaves the other pages as they were: the app page keeps its own frame policy', async () => {
    const page = await get('/');
    expect(page.body).toBe(indexHtml);
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect((await get(`${BACKOFFICE_PATH}/complaints`)).statusCode).toBe(404);
  });
});

describe('operator refusals in the reader’s language (docs/decisions/167)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const signIn = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `${OPERATOR_BASE}${StaffPath.signIn}`, headers, payload: { email: 'nobody@lender.example', password: 'wrong password' } });

  it('answers in the language the call names, and in English when it names none, as the command line expects', async () => {
    const spanish = await signIn({ language: LanguageFlag.Spanish });
    expect(spanish.statusCode).toBe(401);
    expect(spanish.json()).toMatchObject({ code: ErrorCode.StaffSignInRefused, message: errorMessage(ErrorCode.StaffSignInRefused, 'es') });
    const english = await signIn({ language: LanguageFlag.English });
    expect(english.json()).toMatchObject({ message: errorMessage(ErrorCode.StaffSignInRefused, 'en') });
    const unnamed = await signIn({});
    expect(unnamed.json()).toMatchObject({ message: errorMessage(ErrorCode.StaffSignInRefused, 'en') });
    const session = await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${StaffPath.me}?language=${LanguageFlag.Spanish}` });
    expect(session.json()).toMatchObject({ code: ErrorCode.OperatorUnauthorized, message: errorMessage(ErrorCode.OperatorUnauthorized, 'es') });
  });
});
