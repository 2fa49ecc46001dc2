import type { PhoneMarket } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import type { ActiveTemplates } from './active-templates';
import type { EventCountBuffer } from './event-count-buffer';
import type { DayRange } from './tracking-repository';

/**
 * The codes sent and the registrations made on a template's landing. Those rows are the landing's
 * (the promotion module, above this one), so it hands their counts in for the funnel.
 */
export type SignUpCounts = {
  smsSent: (db: Queryable, templateId: number) => Promise<number>;
  registrations: (db: Queryable, templateId: number) => Promise<number>;
  /** Per calendar day of the range, keyed by day. */
  dailySmsSent: (db: Queryable, range: DayRange) => Promise<Map<string, number>>;
  dailyRegistrations: (db: Queryable, range: DayRange) => Promise<Map<string, number>>;
};

/** What the campaigns' services use, built once per app with the landing's (`createPromotionDeps`). */
export type CampaignDeps = {
  db: Db;
  /**
   * `PROMOTION_MARKET`: the market of a template created without one and of a visitor who came
   * without a template (docs/decisions/232); every template has its own.
   */
  defaultMarket: PhoneMarket;
  now: () => Date;
  /** The active templates, remembered by this process (docs/decisions/206). */
  templates: ActiveTemplates;
  /** The landing's visits and clicks not yet written (docs/decisions/206). */
  eventCounts: EventCountBuffer;
  signUps: SignUpCounts;
};
