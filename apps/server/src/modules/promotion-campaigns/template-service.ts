import { ErrorCode, type Page, type PageQuery, type PhoneMarket, type PromoTemplate, type promoTemplateInputSchema, type promoTemplateUpdateSchema } from '@lend/contracts';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { recordAudit, type Actor } from '../staff';
import { presentTemplate } from './template-presenter';
import { insertTemplate, listTemplates, lockTemplate, saveTemplate, type TemplateRow } from './template-repository';

export type TemplateInput = z.output<typeof promoTemplateInputSchema>;
export type TemplateUpdate = z.output<typeof promoTemplateUpdateSchema>;

/** A template with its market named. */
export function createTemplate(db: Queryable, input: TemplateInput & { market: PhoneMarket }): Promise<TemplateRow> {
  return insertTemplate(db, input);
}

/**
 * A template the operator creates, with the entry of who created it (docs/decisions/162); without a
 * market named it is the default market's (docs/decisions/232).
 */
export function createOperatorTemplate(db: Db, input: TemplateInput, defaultMarket: PhoneMarket, actor: Actor, now = new Date()): Promise<TemplateRow> {
  return db.transaction(async (tx) => {
    const template = await insertTemplate(tx, { ...input, market: input.market ?? defaultMarket });
    await recordAudit(tx, actor, { action: 'promotion.template.create', objectType: 'promotion-template', objectId: template.id, after: template }, now);
    return template;
  });
}

/**
 * A template's new content, or its campaign ended (`active: false`), with the entry of who changed
 * it and what it was before (docs/decisions/162, 209); it keeps its market unless the edit names one
 * (docs/decisions/232). The caller makes its own process forget the template once this has
 * committed; other servers see the change within decision 206's minute.
 */
export function updateOperatorTemplate(db: Db, id: number, input: TemplateUpdate, actor: Actor, now = new Date()): Promise<TemplateRow> {
  return db.transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    if (!before) throw new AppError(ErrorCode.NotFound);
    const after = await saveTemplate(tx, id, { ...input, market: input.market ?? before.market });
    await recordAudit(tx, actor, { action: 'promotion.template.update', objectType: 'promotion-template', objectId: id, before, after }, now);
    return after;
  });
}

/** One page of templates, oldest first. */
export async function templatePage(db: Queryable, query: PageQuery): Promise<Page<TemplateRow>> {
  const page = pageRequest(query, idCursor);
  return toPage(await listTemplates(db, page), page, (row) => [row.id], (row) => row);
}

/** One page of promotion templates as the operator reads them, oldest first; the list has no filters. */
export async function operatorTemplatePage(db: Queryable, _filters: Record<string, never>, query: PageQuery): Promise<Page<PromoTemplate>> {
  const page = await templatePage(db, query);
  return { ...page, items: page.items.map(presentTemplate) };
}
