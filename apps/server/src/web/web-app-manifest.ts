import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Prerender, type PhoneMarket } from '@lend/contracts';

/**
 * Each market's web app manifest as the web build wrote it (scripts/borrower-shells.mjs), as the
 * text the server answers, or null when the build has none (docs/decisions/240).
 */
export function loadWebAppManifests(webDistDir: string): Record<PhoneMarket, string> | null {
  const file = join(webDistDir, Prerender.webAppManifests);
  if (!existsSync(file)) return null;
  const written = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<PhoneMarket, unknown>>;
  const text = (market: PhoneMarket): string => {
    const manifest = written[market];
    if (typeof manifest !== 'object' || manifest === null) throw new Error(`${file} has no manifest for ${market}`);
    return JSON.stringify(manifest);
  };
  return { MX: text('MX'), IN: text('IN') };
}
