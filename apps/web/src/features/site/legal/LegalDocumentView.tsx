import { marketForLanguage, type Market } from '@lend/domain';
import { createElement } from 'react';
import { useLanguage, useT } from '../../../lib/i18n/site';
import { useMarketFormat } from '../../../lib/format';
import { useCompanyFacts } from '../company-facts';
import type { Inline, LegalBlock, LegalText } from './legal-document';

type Props = {
  text: LegalText;
  /** The document's title is the page's h1, or left out where the section already has a heading. */
  titleLevel: 1 | null;
  sectionLevel: 2 | 3;
  /** The market the text is for; the language's own market when the page does not say. */
  market?: Market;
};

function renderInline(part: Inline, index: number) {
  return typeof part === 'string' ? part : (
    <a key={index} href={part.href}>
      {part.text}
    </a>
  );
}

function renderBlock(block: LegalBlock, index: number) {
  if ('list' in block) {
    return (
      <ul key={index}>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  return <p key={index}>{block.paragraph.map(renderInline)}</p>;
}

/** A legal text in the visitor's language, filled with the lender's facts. */
export function LegalDocumentView({ text, titleLevel, sectionLevel, market }: Props) {
  const t = useT();
  const language = useLanguage();
  const shownMarket = market ?? marketForLanguage(language);
  const format = useMarketFormat(shownMarket);
  const { facts } = useCompanyFacts();
  const document = text[language]({ company: facts, market: shownMarket, brand: t('brand.name'), formatAmount: format.amount });
  return (
    <div className="legal">
      {titleLevel && <h1>{document.title}</h1>}
      {document.intro.map(renderBlock)}
      {document.sections.map((section) => (
        <section key={section.heading}>
          {createElement(`h${sectionLevel}`, null, section.heading)}
          {section.blocks.map(renderBlock)}
        </section>
      ))}
    </div>
  );
}
