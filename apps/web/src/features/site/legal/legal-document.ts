import type { CompanyFactsView, Language } from '@lend/contracts';
import type { Market } from '@lend/domain';

/** A run of text, or a link inside a paragraph. */
export type Inline = string | { text: string; href: string };
export type LegalBlock = { paragraph: Inline[] } | { list: string[] };
export type LegalSection = { heading: string; blocks: LegalBlock[] };
export type LegalDocument = { title: string; intro: LegalBlock[]; sections: LegalSection[] };

/** What a legal text needs from outside: who the lender is, the market it is for and how money is written. */
export type LegalContext = {
  company: CompanyFactsView | null;
  market: Market;
  brand: string;
  formatAmount: (minor: number) => string;
};

export type LegalText = Record<Language, (context: LegalContext) => LegalDocument>;

export const p = (...parts: Inline[]): LegalBlock => ({ paragraph: parts });
export const list = (...items: string[]): LegalBlock => ({ list: items });
export const section = (heading: string, ...blocks: LegalBlock[]): LegalSection => ({ heading, blocks });

export function companyName(context: LegalContext): string {
  return context.company?.name ?? context.brand;
}
