import { type Page, type PageQuery, type promoTemplateInputSchema } from '@lend/contracts';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { recordAudit, type Actor } from '../staff';
import { insertTemplate, listTemplates, type TemplateRow } from './template-repository';

export type TemplateInput = z.output<typeof promoTemplateInputSchema>;

export function createTemplate(db: Queryable, input: TemplateInput): Promise<TemplateRow> {
  return insertTemplate(db, input);
}

/** A template the operator creates, with the entry of who created it (docs/decisions/162). */
export function createOperatorTemplate(db: Db, input: TemplateInput, actor: Actor, now = new Date()): Promise<TemplateRow> {
  return db.transaction(async (tx) => {
    const template = await insertTemplate(tx, input);
    await recordAudit(tx, actor, { action: 'promotion.template.create', objectType: 'promotion-template', objectId: template.id, after: template }, now);
    return template;
  });
}

/** One page of templates, oldest first. */
export async function templatePage(db: Queryable, query: PageQuery): Promise<Page<TemplateRow>> {
  const page = pageRequest(query, idCursor);
  return toPage(await listTemplates(db, page), page, (row) => [row.id], (row) => row);
}
