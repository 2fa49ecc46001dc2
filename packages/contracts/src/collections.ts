import { z } from 'zod';
import { collectorSchema, placementViewSchema } from './collection-agencies';
import { settlementViewSchema, writeOffViewSchema } from './collections-losses';
import { COLLECTION_MESSAGE_KINDS, MESSAGE_SENT_OUTCOME } from './collection-messages';
import { PHONE_MARKETS } from './phone';
import { paymentPlanViewSchema, planLimitsSchema, planRequestViewSchema } from './plan-requests';

/**
 * Delinquency (docs/decisions/242): each order's days past due and its market's bucket, kept by the
 * order clock, and each market's buckets as administrators set them. Operator calls under
 * `OPERATOR_BASE`.
 */
export const CollectionsPath = {
  /** `GET`: each market's buckets. */
  bands: '/collections/bands',
  /** `PUT { bands }`: a market's buckets, audited; the late orders of the market are re-bucketed at once. */
  marketBands: '/collections/bands/:market',
} as const;

const days = z.number().int().min(1).max(3650);

export const delinquencyBandSchema = z.object({
  /** What operators and reports call the bucket, e.g. `SMA-1` or `31-60`. */
  code: z
    .string()
    .trim()
    .min(1)
    .max(16)
    .regex(/^[A-Za-z0-9+-]+$/),
  fromDays: days,
  /** null for the last bucket, which holds every day after its first. */
  toDays: days.nullable(),
});
export type DelinquencyBandView = z.infer<typeof delinquencyBandSchema>;

export const delinquencyMarketParamsSchema = z.object({ market: z.enum(PHONE_MARKETS) });
export const delinquencyBandsRequestSchema = z.object({ bands: z.array(delinquencyBandSchema).min(1).max(12) });

export const marketBandsSchema = z.object({
  market: z.enum(PHONE_MARKETS),
  bands: z.array(delinquencyBandSchema),
  /** False while the market keeps the defaults (India's SMA-0 to NPA, Mexico's 30-day steps). */
  custom: z.boolean(),
  /** How many of the market's orders are late now, per bucket code. */
  lateOrders: z.record(z.string(), z.number().int()),
});
export type MarketBands = z.infer<typeof marketBandsSchema>;
export const marketBandsListSchema = z.object({ items: z.array(marketBandsSchema) });

/** How late an order is, as the order clock last worked it out; null fields for an order never late. */
export const delinquencyViewSchema = z.object({
  daysPastDue: z.number().int(),
  /** The market's bucket of those days; null when nothing owed is late. */
  bucket: z.string().nullable(),
  /** `YYYY-MM-DD`: the date of the oldest installment still owed, once late. */
  lateSince: z.string().nullable(),
  /** `YYYY-MM-DD`: the market date it was worked out on. */
  asOf: z.string(),
  /** `YYYY-MM-DD`: the day it was written off (docs/decisions/244); null while it is on the books. */
  writtenOffOn: z.string().nullable(),
});
export type DelinquencyView = z.infer<typeof delinquencyViewSchema>;

// ---- Collections: the queue, contacts, promises (docs/decisions/243) ----

/** How a contact was made; every one counts against the market's caps. */
export const COLLECTION_CHANNELS = ['call', 'sms', 'whatsapp', 'email', 'visit'] as const;
export type CollectionChannel = (typeof COLLECTION_CHANNELS)[number];
export const CONTACT_OUTCOMES = ['no-answer', 'wrong-number', 'promised', 'refused', 'disputes', 'paid-already', 'hardship'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
/** What a recorded contact may say: the agent's outcomes, and an SMS sent from the workspace (docs/decisions/246). */
export const CONTACT_RECORD_OUTCOMES = [...CONTACT_OUTCOMES, MESSAGE_SENT_OUTCOME] as const;
export type ContactRecordOutcome = (typeof CONTACT_RECORD_OUTCOMES)[number];
export const PROMISE_STATES = ['open', 'kept', 'partly-kept', 'broken'] as const;
export type PromiseState = (typeof PROMISE_STATES)[number];

/**
 * What the server enforces of each market's rules for collecting (docs/decisions/243): the hours a
 * borrower may be contacted in their time zone (Mexico's rules for collection: 7:00 to 22:00;
 * RBI's for recovery agents: 8:00 to 19:00), how often, and how far ahead a promise may fall.
 */
export const COLLECTION_RULES: Record<(typeof PHONE_MARKETS)[number], { fromHour: number; toHour: number; perDay: number; perWeek: number; promiseMaxDays: number }> = {
  MX: { fromHour: 7, toHour: 22, perDay: 3, perWeek: 10, promiseMaxDays: 7 },
  IN: { fromHour: 8, toHour: 19, perDay: 3, perWeek: 10, promiseMaxDays: 7 },
};

export const CollectionsWorkPath = {
  /** `GET`: late orders to work, a page at a time, by market, bucket and assignee, sorted. */
  queue: '/collections/queue',
  /** `POST { market, bucket? }`: the calling agent takes the next late order nobody works. */
  takeNext: '/collections/take-next',
  /** `POST { orderNos, agentId }`: a supervisor gives orders to an agent (or `agentId: null` frees them). */
  assign: '/collections/assign',
  /** `POST { market, bucket? }`: a supervisor shares the unassigned late orders evenly among the active agents. */
  assignEvenly: '/collections/assign-evenly',
  /** `GET`: an order's collection file: lateness, assignee, contacts and promises. `POST .../contacts`, `.../promises` add. */
  order: '/collections/orders/:orderNo',
  contacts: '/collections/orders/:orderNo/contacts',
  promises: '/collections/orders/:orderNo/promises',
  /** `POST`: decides the promises whose day has come by the money that arrived (the job does it each round). */
  promisesCheck: '/collections/promises/check',
  /** `GET`: the market's SMS templates as this order's borrower would get them; `POST { kind }` sends one (docs/decisions/246). */
  messages: '/collections/orders/:orderNo/messages',
  /** `GET ?market=`: promises taken in the last 30 days and the kept rate, the caller's or (a supervisor) every agent's. */
  promiseRates: '/collections/promise-rates',
} as const;

const orderNo = z.string().trim().min(1).max(32);
const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

export const QUEUE_SORTS = ['dpd', 'owed', 'promise'] as const;
export const collectionQueueQuerySchema = z.object({
  market: z.enum(PHONE_MARKETS),
  bucket: z.string().trim().max(16).optional(),
  /** `me`, `unassigned`, or an agent's staff id; every late order when absent. */
  assignee: z.union([z.enum(['me', 'unassigned']), positiveId]).optional(),
  sort: z.enum(QUEUE_SORTS).default('dpd'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** The page after this many rows: the queue is sorted by values that move each day, so it pages by offset. */
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CollectionQueueQuery = z.input<typeof collectionQueueQuerySchema>;

export const collectionQueueItemSchema = z.object({
  orderNo: z.string(),
  borrowerId: z.number().int(),
  /** The borrower's legal name; empty before they gave one. */
  borrowerName: z.string(),
  market: z.enum(PHONE_MARKETS),
  currency: z.enum(['MXN', 'INR']),
  bucket: z.string(),
  daysPastDue: z.number().int(),
  lateSince: z.string().nullable(),
  /** Everything owed when the clock last looked (minor units). */
  owedMinor: z.number().int(),
  assignee: z.object({ staffId: z.number().int(), email: z.string() }).nullable(),
  /** The earliest open promise's date, if any. */
  nextPromiseOn: z.string().nullable(),
});
export type CollectionQueueItem = z.infer<typeof collectionQueueItemSchema>;
/** What taking the next order answers: the order, or null when nobody's is left. */
export const collectionTakenSchema = collectionQueueItemSchema.nullable();
export const collectionQueuePageSchema = z.object({ items: z.array(collectionQueueItemSchema), more: z.boolean(), total: z.number().int() });
export type CollectionQueuePage = z.infer<typeof collectionQueuePageSchema>;

export const collectionMarketRequestSchema = z.object({ market: z.enum(PHONE_MARKETS), bucket: z.string().trim().max(16).optional() });
export const collectionAssignRequestSchema = z.object({ orderNos: z.array(orderNo).min(1).max(200), agentId: positiveId.nullable() });
export const collectionAssignResultSchema = z.object({ assigned: z.number().int() });
export const collectionOrderParamsSchema = z.object({ orderNo });

export const collectionContactRequestSchema = z.object({
  channel: z.enum(COLLECTION_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string().trim().max(1000).default(''),
});
export type CollectionContactRequest = z.input<typeof collectionContactRequestSchema>;

export const collectionContactSchema = z.object({
  id: z.number().int(),
  channel: z.enum(COLLECTION_CHANNELS),
  outcome: z.enum(CONTACT_RECORD_OUTCOMES),
  note: z.string(),
  /** The template of an SMS sent from the workspace, else null. */
  messageKind: z.enum(COLLECTION_MESSAGE_KINDS).nullable(),
  agentEmail: z.string(),
  at: z.string(),
});
export type CollectionContact = z.infer<typeof collectionContactSchema>;

export const promiseRequestSchema = z.object({
  amountMinor: z.number().int(),
  /** `YYYY-MM-DD` in the market's calendar, from today to `promiseMaxDays` ahead. */
  promisedOn: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type PromiseRequest = z.input<typeof promiseRequestSchema>;

export const promiseSchema = z.object({
  id: z.number().int(),
  amountMinor: z.number().int(),
  promisedOn: z.string(),
  /** `borrower` (made in the app) or the agent's e-mail. */
  madeBy: z.string(),
  state: z.enum(PROMISE_STATES),
  /** What the money that arrived since kept of it. */
  keptMinor: z.number().int(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type PromiseView = z.infer<typeof promiseSchema>;

export const collectionOrderSchema = z.object({
  item: collectionQueueItemSchema,
  contacts: z.array(collectionContactSchema),
  promises: z.array(promiseSchema),
  /** What the rules allow now: whether a contact may be made, and why not. */
  contactAllowed: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
  /** The order's write-off and what has been recovered since (docs/decisions/244); null while it is on the books. */
  writeOff: writeOffViewSchema.nullable(),
  /** The borrower's requests for a payment plan, newest first (docs/decisions/248). */
  planRequests: z.array(planRequestViewSchema),
  /** The outside agency collecting it now (docs/decisions/249); null while the lender's own agents do. */
  agency: placementViewSchema.nullable(),
  /** The order's latest settlement (docs/decisions/245); null when none was offered. */
  settlement: settlementViewSchema.nullable(),
  /** The most of what is owed, in percent, a settlement of this order's product may waive on one officer's word. */
  settlementSoloLimitPercent: z.number().int(),
  /** The order's latest payment plan (docs/decisions/250); null when none was offered. */
  paymentPlan: paymentPlanViewSchema.nullable(),
  /** Its product's plan rules and the plans the order has had. */
  planLimits: planLimitsSchema,
});
export type CollectionOrder = z.infer<typeof collectionOrderSchema>;

export const promisesCheckResultSchema = z.object({ kept: z.number().int(), partlyKept: z.number().int(), broken: z.number().int() });

// ---- The borrower in trouble: their own promise to pay (docs/decisions/243) ----

/** Borrower calls under `MACHINE_BASE` with the common query, a session and the envelope. */
export const BorrowerCollectionsPath = {
  /** `POST { orderId }`: the order's promises and what a new one may be (the latest date, the most). */
  promises: '/v3/installment/promises',
  /** `POST { orderId, amountMinor, promisedOn }`: "I can't pay it all now: I will pay this on that day". */
  promise: '/v3/installment/promise',
  /** `POST { orderId }`: the settlement offered on the order, in the borrower's language (docs/decisions/245). */
  settlement: '/v3/installment/settlement',
  /** `POST { orderId, textSha256 }`: the borrower accepts the offer whose text has that hash. */
  settlementAccept: '/v3/installment/settlement/accept',
} as const;

const borrowerOrderNo = z.string().trim().min(1).max(32);
export const borrowerPromisesRequestSchema = z.object({ orderId: borrowerOrderNo });
export const borrowerPromiseRequestSchema = z.object({
  orderId: borrowerOrderNo,
  amountMinor: z.number().int(),
  promisedOn: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type BorrowerPromiseRequest = z.input<typeof borrowerPromiseRequestSchema>;

export const borrowerPromisesSchema = z.object({
  /** False when the order is not late: nothing to promise. */
  late: z.boolean(),
  currency: z.enum(['MXN', 'INR']),
  owedMinor: z.number().int(),
  /** `YYYY-MM-DD`: from today to this day in the market's calendar. */
  firstDay: z.string(),
  lastDay: z.string(),
  promises: z.array(promiseSchema),
  /** Their request for a payment plan still waiting for an answer, if any (docs/decisions/248). */
  planRequest: planRequestViewSchema.nullable(),
  /** The outside agency collecting the loan, as the borrower must be told (docs/decisions/249); null when the lender collects. */
  collector: collectorSchema.nullable(),
});
export type BorrowerPromises = z.infer<typeof borrowerPromisesSchema>;

// ---- The borrower's settlement offer (docs/decisions/245) ----

export const borrowerSettlementRequestSchema = z.object({ orderId: borrowerOrderNo });
export const borrowerSettlementAcceptSchema = z.object({ orderId: borrowerOrderNo, textSha256: z.string().trim().regex(/^[0-9a-f]{64}$/) });
export type BorrowerSettlementAccept = z.input<typeof borrowerSettlementAcceptSchema>;

export const borrowerSettlementSchema = z.object({
  /** Null when nothing is offered the borrower now. */
  offer: z
    .object({
      state: z.enum(['offered', 'accepted']),
      /** The order's product, for the repayment screen's link. */
      productId: z.number().int(),
      currency: z.enum(['MXN', 'INR']),
      /** What is left to pay to close the loan, by `expiresOn`. */
      toPayMinor: z.number().int(),
      /** What the lender waives of what is owed now. */
      waivedMinor: z.number().int(),
      expiresOn: z.string(),
      acceptedAt: z.string().nullable(),
      /** The offer's text in the borrower's language: what they accept; its hash goes back with the acceptance. */
      lines: z.array(z.string()),
      textSha256: z.string(),
    })
    .nullable(),
});
export type BorrowerSettlement = z.infer<typeof borrowerSettlementSchema>;
