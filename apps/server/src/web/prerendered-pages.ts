import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { companyFactsView, Prerender, type CompanyFacts, type ContactResult, type Language } from '@lend/contracts';
import { escapeHtml } from '../html-escape';

/** `{ [path]: { [language]: { file, scriptHashes } } }`: the page's inline scripts, allowed by hash in its answer's policy. */
type Manifest = Record<string, Record<Language, { file: string; scriptHashes: string[] }>>;
export type Encoding = 'br' | 'gzip' | 'identity';


/** JSON text inside a <script> element: nothing in it may close the element or start a comment. */
export const scriptText = (json: string) =>
  json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const scriptJson = (value: unknown) => scriptText(JSON.stringify(value));

const MARKERS = new RegExp(`${Prerender.factMarker('(\\w+?)')}|${Prerender.yearMarker}|${Prerender.bootMarker}|${Prerender.contactSentMarker}|${Prerender.contactRefusedMarker}`, 'g');

/**
 * Fills a prerendered page with the lender's facts and the year: as escaped text where the page
 * shows them, and as JSON for the scripts, which must render exactly the same on hydration. The
 * contact form's result (docs/decisions/151) is text only: the script reads it from the address.
 */
const NO_CONTACT_RESULT: ContactResult = { sent: '', refused: '' };

export function fillPage(template: string, facts: CompanyFacts | null, year: string, contactResult = NO_CONTACT_RESULT): string {
  const view: Record<string, string> = facts ? companyFactsView(facts) : {};
  return template.replace(MARKERS, (marker, key: string | undefined) => {
    if (marker === Prerender.bootMarker) return scriptJson({ facts, year });
    if (marker === Prerender.yearMarker) return year;
    if (marker === Prerender.contactSentMarker) return escapeHtml(contactResult.sent);
    if (marker === Prerender.contactRefusedMarker) return escapeHtml(contactResult.refused);
    return escapeHtml(key === undefined ? '' : (view[key] ?? ''));
  });
}

export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/**
 * `perRequest`: a page made for one answer only is compressed fast (brotli 5, gzip 6: a
 * millisecond or two for a screen's page) rather than as small as possible.
 */
export function encode(html: string, encoding: Encoding, perRequest = false): Buffer {
  const raw = Buffer.from(html);
  if (encoding === 'br') {
    return brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: perRequest ? 5 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  }
  if (encoding === 'gzip') return gzipSync(raw, { level: perRequest ? 6 : 9 });
  return raw;
}

export type PrerenderedPages = {
  has: (path: string) => boolean;
  /** The page, filled and compressed; kept until the facts or the year change. */
  render: (path: string, language: Language, facts: CompanyFacts | null, year: string, encoding: Encoding, contactResult?: ContactResult) => Buffer;
  /** The hashes (`'sha256-…'`) of the page's inline scripts, for its Content-Security-Policy. */
  scriptHashes: (path: string, language: Language) => readonly string[];
};

const CACHE_LIMIT = 100;

/** The site pages the web build prerendered, or null when the build has none. */
export function loadPrerenderedPages(webDistDir: string): PrerenderedPages | null {
  const manifestFile = join(webDistDir, Prerender.manifest);
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const templates = new Map<string, Record<Language, string>>();
  for (const [path, files] of Object.entries(manifest)) {
    templates.set(path, { en: readFileSync(join(webDistDir, files.en.file), 'utf8'), es: readFileSync(join(webDistDir, files.es.file), 'utf8') });
  }
  const cache = new Map<string, Buffer>();
  return {
    has: (path) => templates.has(path),
    scriptHashes: (path, language) => manifest[path]?.[language].scriptHashes ?? [],
    render: (path, language, facts, year, encoding, contactResult = NO_CONTACT_RESULT) => {
      const key = JSON.stringify([path, language, facts, year, encoding, contactResult]);
      const cached = cache.get(key);
      if (cached) return cached;
      const template = templates.get(path)?.[language];
      if (template === undefined) throw new Error(`no prerendered page for ${path}`);
      const body = encode(fillPage(template, facts, year, contactResult), encoding);
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, body);
      return body;
    },
  };
}
