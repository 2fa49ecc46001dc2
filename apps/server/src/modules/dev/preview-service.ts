import type { PreviewMarket } from '@lend/contracts';
import type { Db } from '../../db/client';
import { borrowerOrderSummary, openOrdersOf, productStanding, type CreditLineOf } from '../orders';
import { marketProducts } from '../products';
import { previewOrders } from '../repayment';
import { borrowerByPhone, createSession, type CreatedSession } from '../sessions';

/** A borrower of the demo data, as the preview opens the pages as them. */
export type DemoBorrower = { phone: string; market: PreviewMarket; name: string };

/**
 * Each market's demo borrowers (docs/decisions/233), handed in by the app from the demo data: the one
 * whose loans the links open, and those a confirmation may open as, in turn.
 */
export type PreviewBorrowers = { deviceId: string; markets: Record<PreviewMarket, { subject: DemoBorrower; confirming: readonly DemoBorrower[] }> };

/**
 * Sessions minted for this server process (only session hashes are stored), one per demo borrower
 * of each database: a session is only good on the database that stored its hash.
 */
const sessions = new WeakMap<Db, Map<string, CreatedSession>>();

async function demoSession(db: Db, demo: DemoBorrower, deviceId: string): Promise<CreatedSession> {
  const minted = sessions.get(db) ?? new Map<string, CreatedSession>();
  sessions.set(db, minted);
  const held = minted.get(demo.phone);
  if (held && held.expiresAt.getTime() >= Date.now() + 60_000) return held;
  const session = await createSession(db, { phone: demo.phone, market: demo.market, deviceId });
  minted.set(demo.phone, session);
  return session;
}

/** The preview's own borrower: its session, the orders each link needs and the order a complaint opens on. */
export type PreviewSubject = {
  session: CreatedSession;
  orders: Awaited<ReturnType<typeof previewOrders>>;
  /** The repaying order's numeric id: the complaint screen names an order by its id, not its number. */
  complaintOrderId: string;
};

/** The market's demo borrower, their session, the orders each link needs and the order a complaint opens on. */
export async function previewSubject(db: Db, demos: PreviewBorrowers, market: PreviewMarket): Promise<(PreviewSubject & { name: string }) | undefined> {
  const demo = demos.markets[market].subject;
  const borrower = await borrowerByPhone(db, demo.phone);
  if (!borrower) return undefined;
  const session = await demoSession(db, demo, demos.deviceId);
  const orders = await previewOrders(db, borrower.id);
  const complained = orders.repaying ? await borrowerOrderSummary(db, borrower.id, orders.repaying.orderNo) : undefined;
  return { session, orders, complaintOrderId: complained ? String(complained.id) : '', name: demo.name };
}

/**
 * A demo borrower of the market with a product they may confirm a loan on now, and their session:
 * a product with no order of theirs and a standing approval (docs/decisions/141). Mexico's first demo
 * borrower has an order open on every product of the market, so Mexico's confirmation opens as its
 * borrower with no loan yet.
 */
export async function confirmablePreview(
  db: Db,
  demos: PreviewBorrowers,
  market: PreviewMarket,
  creditLineOf: CreditLineOf,
  now: Date,
): Promise<{ session: CreatedSession; productId: number } | undefined> {
  for (const demo of demos.markets[market].confirming) {
    const borrower = await borrowerByPhone(db, demo.phone);
    if (!borrower) continue;
    const open = await openOrdersOf(db, borrower.id);
    for (const product of await marketProducts(db, demo.market)) {
      if ((await productStanding(db, borrower.id, product, open, creditLineOf, now)).kind === 'open') return { session: await demoSession(db, demo, demos.deviceId), productId: product.id };
    }
  }
  return undefined;
}
