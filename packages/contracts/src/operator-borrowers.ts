import { z } from 'zod';
import { ARCO_STATUSES, PRIVACY_REQUEST_KINDS } from './privacy-values';
import { PHONE_MARKETS } from './phone';

/** Borrowers one search shows at most: a search names one person, or narrows to a few. */
export const BORROWER_SEARCH_MAX = 20;

/**
 * `GET /borrowers?q=`: one box for a phone (the whole number or its last digits), a complaint or
 * privacy folio, an order number, or the start of a name (docs/decisions/173).
 */
export const borrowerSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(100) });

/** A personal id as staff see it: its kind and its last four characters (docs/decisions/162). */
export const maskedIdSchema = z.object({ kind: z.string(), lastFour: z.string() });
export type MaskedId = z.infer<typeof maskedIdSchema>;

export const BORROWER_MATCHES = ['phone', 'name', 'folio', 'order'] as const;

export const borrowerHitSchema = z.object({
  userId: z.string(),
  name: z.string(),
  phone: z.string(),
  market: z.enum(PHONE_MARKETS),
  nationalId: maskedIdSchema.nullable(),
  matchedBy: z.enum(BORROWER_MATCHES),
});
export type BorrowerHit = z.infer<typeof borrowerHitSchema>;
export const borrowerSearchSchema = z.object({ items: z.array(borrowerHitSchema) });
export type BorrowerSearch = z.infer<typeof borrowerSearchSchema>;

export const borrowerParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
export const borrowerSessionEndBodySchema = z.object({ sessionId: z.uuid() });

/** What the back office shows of one borrower: each part read from the module that owns it. */
export const borrowerPageSchema = z.object({
  borrower: borrowerHitSchema.omit({ matchedBy: true }).extend({ registeredAt: z.string() }),
  orders: z.array(z.object({ orderNo: z.string(), statusCode: z.number().int(), principalMinor: z.number().int(), currency: z.string(), createdAt: z.string() })),
  /** Whether the borrower has more orders than listed. */
  moreOrders: z.boolean(),
  complaints: z.array(z.object({ folio: z.string(), orderNo: z.string(), status: z.string(), createdAt: z.string(), dueAt: z.string() })),
  privacyRequests: z.array(z.object({ folio: z.string(), kind: z.enum(PRIVACY_REQUEST_KINDS), status: z.enum(ARCO_STATUSES), receivedAt: z.string(), answerDue: z.string() })),
  sessions: z.array(z.object({ sessionId: z.string(), deviceId: z.string(), createdAt: z.string(), lastUsedAt: z.string() })),
  consents: z.array(z.object({ kind: z.string(), textVersion: z.string().nullable(), givenAt: z.string().nullable() })),
});
export type BorrowerPage = z.infer<typeof borrowerPageSchema>;

export const borrowerSessionEndedSchema = z.object({ sessionId: z.string(), ended: z.literal(true) });
