import { z } from 'zod';
import { PHONE_MARKETS } from './phone';

/**
 * Outside collection agencies (docs/decisions/249): the lender's register of them per market, and a
 * late order placed with one and recalled. Operator calls under `OPERATOR_BASE`.
 */
export const AgencyPath = {
  /** `GET`: every agency; `POST`: a new one (administrators, audited). */
  agencies: '/collections/agencies',
  /** `PUT`: an agency's details, or `active: false` to stop placing orders with it. */
  agency: '/collections/agencies/:agencyId',
  /** `POST { agencyId, note }`: a credit officer places a late order with an active agency of its market. */
  placement: '/collections/orders/:orderNo/agency',
  /** `POST { note }`: the order comes back to the lender's own agents. */
  recall: '/collections/orders/:orderNo/agency/recall',
} as const;

const text = (max: number) => z.string().trim().max(max);

/**
 * What the lender keeps of an agency, and tells the borrower: its name, how to reach it and, in
 * Mexico, its number in CONDUSEF's register of collection agencies (REDECO); in India, the address
 * and phone RBI's rules say the borrower is told before the agency contacts them.
 */
export const agencyInputSchema = z.object({
  market: z.enum(PHONE_MARKETS),
  name: text(120).min(2),
  /** REDECO's registration in Mexico; a registration or licence number where India's agency has one. */
  registration: text(60),
  phone: text(20).min(6),
  email: z.union([z.literal(''), z.email().max(254)]).default(''),
  address: text(300),
  active: z.boolean().default(true),
});
export type AgencyInput = z.input<typeof agencyInputSchema>;

export const agencySchema = agencyInputSchema.extend({ id: z.number().int(), email: z.string(), active: z.boolean() });
export type Agency = z.infer<typeof agencySchema>;
export const agencyListSchema = z.object({ items: z.array(agencySchema) });
export const agencyParamsSchema = z.object({ agencyId: z.coerce.number().int().positive().max(2_147_483_647) });

export const placementRequestSchema = z.object({ agencyId: z.number().int().positive(), note: text(500).default('') });
export const recallRequestSchema = z.object({ note: text(500).default('') });

/**
 * The borrower's notice of the placement (docs/decisions/249): `waiting` for the market's contact
 * hours or caps, `sending`, `sent` (with when), or `failed` after every try. The agency contacts
 * the borrower only once it is `sent`.
 */
export const PLACEMENT_NOTICE_STATES = ['waiting', 'sending', 'sent', 'failed'] as const;
export type PlacementNoticeState = (typeof PLACEMENT_NOTICE_STATES)[number];

/** Who collects an order now: the agency and since when, and whether the borrower has been told. */
export const placementViewSchema = z.object({
  agency: agencySchema,
  placedAt: z.string(),
  placedBy: z.string(),
  note: z.string(),
  notice: z.object({ state: z.enum(PLACEMENT_NOTICE_STATES), at: z.string().nullable() }),
});
export type PlacementView = z.infer<typeof placementViewSchema>;

/** What the borrower is told of the agency collecting their loan. */
export const collectorSchema = z.object({ name: z.string(), registration: z.string(), phone: z.string(), email: z.string(), address: z.string() });
export type Collector = z.infer<typeof collectorSchema>;
