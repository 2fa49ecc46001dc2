import {
  PHONE_RULES,
  PromotionCode,
  type Language,
  type Page,
  type PageQuery,
  type PhoneMarket,
  type PromoLanding,
  type PromoTemplate,
  type promoTemplateInputSchema,
} from '@lend/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { PromotionError } from './promotion-error';
import { findTemplate, insertTemplate, listTemplates, type TemplateRow } from './template-repository';

export type TemplateInput = z.output<typeof promoTemplateInputSchema>;

export function templateView(row: TemplateRow): PromoTemplate {
  return {
    id: row.id,
    name: row.name,
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

export async function createTemplate(db: Queryable, input: TemplateInput): Promise<PromoTemplate> {
  return templateView(await insertTemplate(db, input));
}

/** One page of templates, oldest first. */
export async function templatePage(db: Queryable, query: PageQuery): Promise<Page<PromoTemplate>> {
  const page = pageRequest(query, idCursor);
  return toPage(await listTemplates(db, page), page, (row) => [row.id], templateView);
}

/** An active template, or the refusal a visitor sees for a link that leads nowhere. */
export async function activeTemplate(db: Queryable, id: number): Promise<TemplateRow> {
  const row = await findTemplate(db, id);
  if (!row || !row.active) throw new PromotionError(PromotionCode.TemplateNotFound);
  return row;
}

/** The landing's configuration in the visitor's language, with the phone rule of this deployment. */
export async function landingFor(db: Queryable, id: number, language: Language, market: PhoneMarket): Promise<PromoLanding> {
  const row = await activeTemplate(db, id);
  const copy = row.content[language];
  return {
    id: row.id,
    title: copy.title,
    headline: copy.headline,
    body: copy.body,
    bannerUrl: row.bannerUrl,
    colours: row.colours,
    downloadLinks: { android: row.downloadLinks.android ?? null, ios: row.downloadLinks.ios ?? null },
    termsUrl: row.termsUrl,
    trackingCode: row.trackingCode,
    market,
    phoneLength: PHONE_RULES[market].length,
  };
}
