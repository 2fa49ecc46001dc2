import { PromotionCode } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { PromotionError } from './promotion-refusal';
import { findTemplate, type TemplateRow } from './template-repository';

export type ActiveTemplateLimits = {
  /** Templates remembered at most; the longest remembered is forgotten first. */
  maxTemplates: number;
  /** A template older than this is read again. */
  maxAgeMs: number;
};

/**
 * A campaign has a handful of templates and every landing call of every visitor names one. An
 * edit is forgotten at once by the server that made it; a minute bounds how long another server
 * still serves the template as it was (docs/decisions/206, 209).
 */
export const ACTIVE_TEMPLATE_LIMITS: ActiveTemplateLimits = { maxTemplates: 1_000, maxAgeMs: 60_000 };

/**
 * The active templates this process has read, so that the landing's calls do not each read their
 * template from the database (docs/decisions/206). Only a template found active is remembered: an
 * unknown id is asked of the database every time, so a template created on another server is
 * found at its first call.
 */
export class ActiveTemplates {
  private readonly byId = new Map<number, { row: TemplateRow; storedAtMs: number }>();

  constructor(
    private readonly read: (id: number) => Promise<TemplateRow | undefined>,
    private readonly limits: ActiveTemplateLimits = ACTIVE_TEMPLATE_LIMITS,
    private readonly clockMs: () => number = Date.now,
  ) {}

  /** An active template, or the refusal a visitor sees for a link that leads nowhere. */
  async get(id: number): Promise<TemplateRow> {
    const row = await this.find(id);
    if (!row || !row.active) throw new PromotionError(PromotionCode.TemplateNotFound);
    return row;
  }

  /**
   * The template whether its campaign is live or has ended since (a visitor who came while it was
   * live still registers in its market), undefined when there is none; only an active one is remembered.
   */
  async find(id: number): Promise<TemplateRow | undefined> {
    const now = this.clockMs();
    const entry = this.byId.get(id);
    if (entry && now - entry.storedAtMs <= this.limits.maxAgeMs) return entry.row;
    this.byId.delete(id);
    const row = await this.read(id);
    if (!row || !row.active) return row;
    if (this.byId.size >= this.limits.maxTemplates) {
      const oldest = this.byId.keys().next();
      if (!oldest.done) this.byId.delete(oldest.value);
    }
    this.byId.set(id, { row, storedAtMs: now });
    return row;
  }

  /** Called once an edit of the template has committed, so that this process reads it again. */
  forget(id: number): void {
    this.byId.delete(id);
  }
}

/** The active templates of a database. */
export const activeTemplatesOf = (db: Queryable): ActiveTemplates => new ActiveTemplates((id) => findTemplate(db, id));
