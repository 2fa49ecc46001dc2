import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { ErrorCode, Prerender } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPage } from '../src/web/prerendered-pages';
import { createTestApp, type TestApp } from './helper';

const page = (language: string) =>
  `<!doctype html><html lang="${language}"><body><div id="root"><footer><a href="${Prerender.factMarker('phoneHref')}">${Prerender.factMarker('phone')}</a>` +
  `<a href="${Prerender.factMarker('emailHref')}">${Prerender.factMarker('email')}</a><p>© ${Prerender.yearMarker} ${Prerender.factMarker('name')}</p></footer>` +
  `<p role="status">${Prerender.contactSentMarker}</p><p role="alert">${Prerender.contactRefusedMarker}</p></div>` +
  `<script id="${Prerender.bootElementId}" type="application/json">${Prerender.bootMarker}</script></body></html>`;

const ROOT_SCRIPT_HASH = "'sha256-cm9vdCBwYWdlIHNjcmlwdA=='";
const scriptSrc = (policy: unknown) => String(policy).split(';').find((directive) => directive.trim().startsWith('script-src ')) ?? '';

/** A build with prerendered site pages, shaped like the web app's dist folder. */
function distWithPrerenderedPages(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lend-prerendered-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  const files: Record<string, Record<string, { file: string; scriptHashes: string[] }>> = {};
  for (const [path, name] of [
    ['/', 'index'],
    ['/About', 'About'],
    ['/Contact', 'Contact'],
  ] as const) {
    files[path] = {};
    for (const language of ['en', 'es']) {
      mkdirSync(join(dir, 'prerendered', language), { recursive: true });
      writeFileSync(join(dir, 'prerendered', language, `${name}.html`), page(language));
      // The root's page runs one inline script, allowed by its hash in that answer only.
      files[path][language] = { file: `prerendered/${language}/${name}.html`, scriptHashes: path === '/' ? [ROOT_SCRIPT_HASH] : [] };
    }
  }
  writeFileSync(join(dir, Prerender.manifest), JSON.stringify(files));
  return dir;
}

describe('serving the prerendered site pages', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = distWithPrerenderedPages();
    t = await createTestApp({ seed: true, env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a site page in the visitor language, filled with the configured facts', async () => {
    const es = await t.app.inject({ method: 'GET', url: '/About' });
    expect(es.statusCode).toBe(200);
    expect(es.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(es.headers['cache-control']).toBe('no-store');
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('<a href="tel:+525500000000">+52 55 0000 0000</a>');
    // A Spanish page without a market speaks for Mexico, and shows Mexico's lender (docs/decisions/230).
    expect(es.body).toContain('<a href="mailto:contacto@demo-lending.example">contacto@demo-lending.example</a>');
    expect(es.body).toContain(`© ${new Date().getUTCFullYear()} Demo Préstamos México, S.A. de C.V., SOFOM, E.N.R. (demo)`);
    expect(es.body).not.toContain('__LEND_');
    const boot = /<script id="site-boot" type="application\/json">(.*?)<\/script>/.exec(es.body)?.[1] ?? '';
    expect(JSON.parse(boot)).toMatchObject({ facts: { phone: '+52 55 0000 0000', cin: 'DPM000000AA0' }, year: String(new Date().getUTCFullYear()) });

    const en = await t.app.inject({ method: 'GET', url: '/?language=1' });
    expect(en.body).toContain('<html lang="en">');
    // An English page speaks for India unless it names Mexico.
    expect(en.body).toContain('<a href="tel:+918000000000">+91 80 0000 0000</a>');
    expect((await t.app.inject({ method: 'GET', url: '/About?language=1&market=MX' })).body).toContain('<a href="tel:+525500000000">+52 55 0000 0000</a>');
    expect((await t.app.inject({ method: 'GET', url: '/About/?language=1' })).body).toContain('<html lang="en">');
  });

  it("allows the root page's inline script by its hash in that page's answer only", async () => {
    expect(scriptSrc((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])).toContain(ROOT_SCRIPT_HASH);
    expect(scriptSrc((await t.app.inject({ method: 'GET', url: '/?language=1' })).headers['content-security-policy'])).toContain(ROOT_SCRIPT_HASH);
    expect(scriptSrc((await t.app.inject({ method: 'GET', url: '/About' })).headers['content-security-policy'])).not.toContain('sha256-');
    expect(scriptSrc((await t.app.inject({ method: 'GET', url: '/loanDetails' })).headers['content-security-policy'])).not.toContain('sha256-');
  });

  it("says the contact form's result named by the address, in the page language, as text only", async () => {
    const sent = await t.app.inject({ method: 'GET', url: '/Contact?language=1&contact=sent' });
    expect(sent.body).toContain('<p role="status">Thank you. We received your message and will answer soon.</p><p role="alert"></p>');
    const refused = await t.app.inject({ method: 'GET', url: `/Contact?contact=${ErrorCode.ContactEmailInvalid}` });
    expect(refused.body).toContain('<p role="status"></p><p role="alert">Ingrese un correo electrónico válido.</p>');
    for (const flag of ['', '<script>alert(1)</script>', '0', String(ErrorCode.NotFound)]) {
      const page = await t.app.inject({ method: 'GET', url: `/Contact?contact=${encodeURIComponent(flag)}` });
      expect(page.body).toContain('<p role="status"></p><p role="alert"></p>');
    }
  });

  it('compresses the filled page for browsers that accept it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('+52 55 0000 0000');
  });

  it('never serves a template with its markers as a file', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/prerendered/es/About.html' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('__LEND_');
  });

  it('other pages still get the app shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/Dag' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });
});

describe('filling a page', () => {
  it('escapes facts as text and keeps the boot JSON from closing its script', () => {
    const facts = { name: 'A & B <Lending>', email: 'x@y.example', address: '"Quoted" street', cin: 'c', nbfcNumber: 'n', site: 's', phone: '+1 (555) 000', complaintsOfficer: 'o', complaintsEmail: 'o@y.example', complaintsPhone: '+1 555 001', complaintsAddress: 'a' };
    const filled = fillPage(page('en'), { ...facts, address: '</script><script>alert(1)</script>' }, '2030');
    expect(filled).toContain('A &amp; B &lt;Lending&gt;');
    expect(filled).toContain('href="tel:+1555000"');
    expect(filled).not.toContain('</script><script>alert(1)');
    expect(filled).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
  });

  it('leaves no marker behind when no facts are configured', () => {
    const filled = fillPage(page('es'), null, '2030');
    expect(filled).not.toContain('__LEND_');
    expect(filled).toContain('"facts":null');
  });
});
