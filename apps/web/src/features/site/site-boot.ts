import { companyFactsView, Prerender, type CompanyFacts, type CompanyFactsView, type ContactResult } from '@lend/contracts';

/** What a prerendered page carries for its scripts (filled in by the server): the facts and the year. */
export type SiteBoot = { facts: CompanyFacts | null; year: string };
/**
 * `contactResult` is set by the build's prerender only: the markers where the server writes the
 * contact form's result of a post without script (docs/decisions/151).
 */
export type SiteFacts = { facts: CompanyFactsView | null; year: string; contactResult?: ContactResult };

let provided: SiteFacts | undefined;

/** The build's prerender renders with markers in place of the facts; the server fills them in. */
export function provideSiteFacts(facts: SiteFacts): void {
  provided = facts;
}

/** The facts this page was prerendered with, or undefined when it was not (dev server). */
export function readSiteFacts(): SiteFacts | undefined {
  if (provided) return provided;
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(Prerender.bootElementId)?.textContent;
  if (!text) return undefined;
  try {
    const boot = JSON.parse(text) as SiteBoot;
    provided = { facts: boot.facts && companyFactsView(boot.facts), year: boot.year };
  } catch {
    return undefined;
  }
  return provided;
}
