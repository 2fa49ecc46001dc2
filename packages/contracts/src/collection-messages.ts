import { z } from 'zod';
import { PHONE_MARKETS } from './phone';

/**
 * SMS from the collections workspace and the promise-day reminder (docs/decisions/246). Each kind
 * is its own text, so India's DLT registers a content template for each (docs/decisions/226).
 * An agent picks one of the workspace's templates; the reminder on a promise's day is the job's.
 */
export const COLLECTION_MESSAGE_KINDS = ['collection-overdue', 'collection-call-us', 'collection-promise'] as const;
export type CollectionMessageKind = (typeof COLLECTION_MESSAGE_KINDS)[number];
export const PROMISE_REMINDER_KIND = 'promise-reminder';
/** The notice that an outside agency collects the loan from now on, with its details (docs/decisions/249). */
export const AGENCY_NOTICE_KIND = 'agency-notice';
export const COLLECTION_SMS_KINDS = [...COLLECTION_MESSAGE_KINDS, PROMISE_REMINDER_KIND, AGENCY_NOTICE_KIND] as const;

/** A workspace SMS sent is recorded as a contact with this outcome (the agent's own outcomes are for conversations). */
export const MESSAGE_SENT_OUTCOME = 'message-sent';

export const collectionMessageTemplateSchema = z.object({
  kind: z.enum(COLLECTION_MESSAGE_KINDS),
  /** The text as the borrower would get it now, in their market's language. */
  text: z.string(),
  /** False when the template has nothing to say for this order (no open promise to remind of). */
  available: z.boolean(),
});
export type CollectionMessageTemplate = z.infer<typeof collectionMessageTemplateSchema>;
export const collectionMessageTemplatesSchema = z.object({ items: z.array(collectionMessageTemplateSchema) });
export type CollectionMessageTemplates = z.infer<typeof collectionMessageTemplatesSchema>;

export const collectionMessageRequestSchema = z.object({ kind: z.enum(COLLECTION_MESSAGE_KINDS) });
export type CollectionMessageRequest = z.input<typeof collectionMessageRequestSchema>;

/** The promise-kept rate looks at the promises agents took in this many days up to today. */
export const PROMISE_RATE_DAYS = 30;

export const promiseRatesQuerySchema = z.object({ market: z.enum(PHONE_MARKETS) });

/**
 * One agent's promises taken in the window, by state, and the rate: what the decided promises
 * (kept, partly kept, broken) kept of what they promised, in basis points (docs/decisions/246);
 * null while none is decided.
 */
export const agentPromiseRateSchema = z.object({
  staffId: z.number().int(),
  email: z.string(),
  taken: z.number().int(),
  kept: z.number().int(),
  partlyKept: z.number().int(),
  broken: z.number().int(),
  open: z.number().int(),
  /** Promised by the decided promises, and what the money that arrived kept of it (minor units). */
  decidedMinor: z.number().int(),
  keptMinor: z.number().int(),
  rateBp: z.number().int().min(0).max(10_000).nullable(),
});
export type AgentPromiseRate = z.infer<typeof agentPromiseRateSchema>;

export const promiseRatesSchema = z.object({
  market: z.enum(PHONE_MARKETS),
  currency: z.enum(['MXN', 'INR']),
  /** `YYYY-MM-DD`, the market's days the window covers. */
  from: z.string(),
  to: z.string(),
  /** The caller's own row for an agent; every agent's for a supervisor. */
  agents: z.array(agentPromiseRateSchema),
});
export type PromiseRates = z.infer<typeof promiseRatesSchema>;
