import { landingOfTemplate, type Language, type PromoLanding, type PromoTemplate } from '@lend/contracts';
import type { TemplateRow } from './template-repository';

/** A template as the lender's tools show it: both languages, instants as ISO strings. */
export function presentTemplate(row: TemplateRow): PromoTemplate {
  return {
    id: row.id,
    name: row.name,
    market: row.market,
    content: row.content,
    bannerUrl: row.bannerUrl,
    colours: row.colours,
    downloadLinks: row.downloadLinks,
    termsUrl: row.termsUrl,
    trackingCode: row.trackingCode,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The landing's configuration in the visitor's language, with the phone rule of the template's market. */
export function presentLanding(row: TemplateRow, language: Language): PromoLanding {
  return landingOfTemplate(row, language);
}
