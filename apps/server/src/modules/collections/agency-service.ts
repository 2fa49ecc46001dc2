import { agencyInputSchema, ErrorCode, type Agency, type AgencyInput, type Collector, type PlacementView } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { violatedUniqueKey } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { orderByNumber } from '../orders';
import { recordAudit, type Actor } from '../staff';
import { AGENCY_NOTICE_ATTEMPTS, tellBorrowersOfAgencies, type AgencyNoticeDeps } from './agency-notice';
import { findAgency, insertAgency, insertPlacement, listAgencies, recallPlacement, STANDING_PLACEMENT_KEY, standingPlacement, updateAgency, type AgencyRow, type PlacementRow } from './agency-repository';
import { rowOf } from './work-repository';
import { marketOf } from './work-service';

const agencyOf = (row: AgencyRow): Agency => ({
  id: row.id,
  market: row.market === 'IN' ? 'IN' : 'MX',
  name: row.name,
  registration: row.registration,
  phone: row.phone,
  email: row.email,
  address: row.address,
  active: row.active,
});

/** An agency's details as the market's rules ask (docs/decisions/249): in Mexico, its REDECO registration. */
function checkedAgency(input: AgencyInput) {
  const values = agencyInputSchema.parse(input);
  if (values.market === 'MX' && values.registration === '') throw new AppError(ErrorCode.AgencyRegistrationMissing, 'registration');
  return values;
}

export async function agencies(db: Queryable): Promise<Agency[]> {
  return (await listAgencies(db)).map(agencyOf);
}

/** An administrator adds an agency to the register; audited. */
export async function addAgency(db: Db, input: AgencyInput, actor: Actor, now: Date): Promise<Agency> {
  const values = checkedAgency(input);
  return db.transaction(async (tx) => {
    const row = await insertAgency(tx, { ...values, createdAt: now, updatedAt: now });
    await recordAudit(tx, actor, { action: 'collections.agency.add', objectType: 'agency', objectId: String(row.id), before: null, after: agencyOf(row) }, now);
    return agencyOf(row);
  });
}

/** An administrator changes an agency's details, or stops placing orders with it (`active: false`); audited. Orders placed stay until recalled. */
export async function changeAgency(db: Db, id: number, input: AgencyInput, actor: Actor, now: Date): Promise<Agency> {
  const values = checkedAgency(input);
  return db.transaction(async (tx) => {
    const before = await findAgency(tx, id, true);
    if (!before) throw new AppError(ErrorCode.NotFound);
    const row = await updateAgency(tx, id, values, now);
    await recordAudit(tx, actor, { action: 'collections.agency.change', objectType: 'agency', objectId: String(id), before: agencyOf(before), after: agencyOf(row) }, now);
    return agencyOf(row);
  });
}

async function lateOrderOf(db: Queryable, orderNo: string) {
  const order = await orderByNumber(db, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  const row = await rowOf(db, order.id);
  if (!row || row.bucket === null) throw new AppError(ErrorCode.CollectionOrderNotLate);
  return { order, market: marketOf(row) };
}

/**
 * A credit officer places a late order with an active agency of its market; one stands at a time
 * (9326); audited. The borrower is told at once when the market's hours and caps allow a contact,
 * else by the notice job's next pass that they do.
 */
export async function placeWithAgency(deps: AgencyNoticeDeps, orderNo: string, input: { agencyId: number; note: string }, actor: Actor, now: Date): Promise<void> {
  const { db } = deps;
  const { order, market } = await lateOrderOf(db, orderNo);
  try {
    await db.transaction(async (tx) => {
      const agency = await findAgency(tx, input.agencyId, true);
      if (!agency || !agency.active || agency.market !== market) throw new AppError(ErrorCode.AgencyUnavailable);
      await insertPlacement(tx, { orderId: order.id, agencyId: agency.id, placedAt: now, placedBy: actor.email ?? actor.kind, note: input.note });
      await recordAudit(tx, actor, { action: 'collections.agency.place', objectType: 'order', objectId: orderNo, before: null, after: { agencyId: agency.id, note: input.note } }, now);
    });
  } catch (error) {
    if (violatedUniqueKey(error) === STANDING_PLACEMENT_KEY) throw new AppError(ErrorCode.OrderWithAgency);
    throw error;
  }
  await tellBorrowersOfAgencies(deps, now, { market, orderId: order.id });
}

/** The order comes back to the lender's own agents; audited. */
export async function recallFromAgency(db: Db, orderNo: string, note: string, actor: Actor, now: Date): Promise<void> {
  const order = await orderByNumber(db, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  await db.transaction(async (tx) => {
    if (!(await recallPlacement(tx, order.id, actor.email ?? actor.kind, note, now))) throw new AppError(ErrorCode.OrderNotWithAgency);
    await recordAudit(tx, actor, { action: 'collections.agency.recall', objectType: 'order', objectId: orderNo, before: null, after: { note } }, now);
  });
}

/** Where the borrower's notice of the placement stands; a failed one with tries left waits for the next pass. */
function noticeOf(placement: PlacementRow): PlacementView['notice'] {
  const at = placement.noticeAt?.toISOString() ?? null;
  if (placement.noticeState === null) return { state: 'waiting', at: null };
  if (placement.noticeState === 'failed' && placement.noticeAttempts < AGENCY_NOTICE_ATTEMPTS) return { state: 'waiting', at };
  return { state: placement.noticeState, at };
}

/** Who collects the order now, for its collection file; null while the lender's own agents do. */
export async function placementOf(db: Queryable, orderId: number): Promise<PlacementView | null> {
  const placement = await standingPlacement(db, orderId);
  if (!placement) return null;
  const agency = await findAgency(db, placement.agencyId);
  if (!agency) return null;
  return { agency: agencyOf(agency), placedAt: placement.placedAt.toISOString(), placedBy: placement.placedBy, note: placement.note, notice: noticeOf(placement) };
}

/** What the borrower is told of the agency collecting their loan (RBI: before it contacts them; REDECO: its registration). */
export async function collectorOf(db: Queryable, orderId: number): Promise<Collector | null> {
  const placement = await placementOf(db, orderId);
  if (!placement) return null;
  const { name, registration, phone, email, address } = placement.agency;
  return { name, registration, phone, email, address };
}
