import type { PreviewMarket } from '@lend/contracts';
import type { Db } from '../../db/client';
import { borrowerOrderSummary, openOrdersOf, productStanding, type CreditLineOf } from '../orders';
import { marketProducts } from '../products';
import { previewOrders } from '../repayment';
import { borrowerByPhone, createSession, type CreatedSession } from '../sessions';
import { DEMO_BORROWER, DEMO_BORROWER_IN, DEMO_BORROWER_MX_NEW, DEMO_DEVICE_ID } from '../../seed/demo-data';

type DemoBorrower = typeof DEMO_BORROWER | typeof DEMO_BORROWER_MX_NEW | typeof DEMO_BORROWER_IN;

/**
 * Sessions minted for this server process (only session hashes are stored), one per demo borrower
 * of each database: a session is only good on the database that stored its hash.
 */
const sessions = new WeakMap<Db, Map<string, CreatedSession>>();

async function demoSession(db: Db, demo: DemoBorrower): Promise<CreatedSession> {
  const minted = sessions.get(db) ?? new Map<string, CreatedSession>();
  sessions.set(db, minted);
  const held = minted.get(demo.phone);
  if (held && held.expiresAt.getTime() >= Date.now() + 60_000) return held;
  const session = await createSession(db, { phone: demo.phone, market: demo.market, deviceId: DEMO_DEVICE_ID });
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

/**
 * Each market's demo borrowers (docs/decisions/233): the one whose loans the links open, and those a
 * confirmation may open as, in turn: Mexico's first borrower has an order open on every product of
 * the market, so Mexico's confirmation opens as its borrower with no loan yet.
 */
const PREVIEW_BORROWERS: Record<PreviewMarket, { subject: DemoBorrower; confirming: readonly DemoBorrower[] }> = {
  MX: { subject: DEMO_BORROWER, confirming: [DEMO_BORROWER, DEMO_BORROWER_MX_NEW] },
  IN: { subject: DEMO_BORROWER_IN, confirming: [DEMO_BORROWER_IN] },
};

/** The market's demo borrower, their session, the orders each link needs and the order a complaint opens on. */
export async function previewSubject(db: Db, market: PreviewMarket): Promise<(PreviewSubject & { name: string }) | undefined> {
  const demo = PREVIEW_BORROWERS[market].subject;
  const borrower = await borrowerByPhone(db, demo.phone);
  if (!borrower) return undefined;
  const session = await demoSession(db, demo);
  const orders = await previewOrders(db, borrower.id);
  const complained = orders.repaying ? await borrowerOrderSummary(db, borrower.id, orders.repaying.orderNo) : undefined;
  return { session, orders, complaintOrderId: complained ? String(complained.id) : '', name: demo.name };
}

/**
 * A demo borrower of the market with a product they may confirm a loan on now, and their session:
 * a product with no order of theirs and a standing approval (docs/decisions/141).
 */
export async function confirmablePreview(db: Db, market: PreviewMarket, creditLineOf: CreditLineOf, now: Date): Promise<{ session: CreatedSession; productId: number } | undefined> {
  for (const demo of PREVIEW_BORROWERS[market].confirming) {
    const borrower = await borrowerByPhone(db, demo.phone);
    if (!borrower) continue;
    const open = await openOrdersOf(db, borrower.id);
    for (const product of await marketProducts(db, demo.market)) {
      if ((await productStanding(db, borrower.id, product, open, creditLineOf, now)).kind === 'open') return { session: await demoSession(db, demo), productId: product.id };
    }
  }
  return undefined;
}
