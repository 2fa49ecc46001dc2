import {
  CardRepaymentPath,
  CONSENT_KINDS,
  CONSENT_TEXT_VERSIONS,
  LOAN_STATUS_CODES,
  MACHINE_BASE,
  MachinePath,
  ProfilePath,
  type ContractDetail,
  type RepaymentWayData,
  type UserMenu,
} from '@lend/contracts';
import { IN_BANKS } from '@lend/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerProfiles, borrowers, companyFacts, creditDecisions, loanContracts, loanInstallments, loanOrders, payments, products, serviceContacts } from '../src/db/schema';
import { DEMO_BORROWER, DEMO_BORROWER_IN, DEMO_BORROWER_MX_NEW, seedDemoData } from '../src/seed/demo-data';
import { callCard } from './card-helpers';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';
import { getBorrower } from './loan-helpers';

const DEMO_PEOPLE = [DEMO_BORROWER, DEMO_BORROWER_IN, DEMO_BORROWER_MX_NEW] as const;
const PAID_OUT = [170, 174, 180, 200];

describe('demo data', () => {
  let t: TestApp;
  const sessions = new Map<string, BorrowerSession>();
  /** A session of a demo borrower, opened as the command line does, adding nothing to their profile. */
  const sessionOf = async (demo: (typeof DEMO_PEOPLE)[number]) => {
    const held = sessions.get(demo.phone) ?? (await openSession(t.app, demo.phone, demo.market, { credit: false, payoutAccount: false }));
    sessions.set(demo.phone, held);
    return held;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('seeds a borrower with a session, products, an order in every status with its plan and contract, company facts and contacts, once', async () => {
    const first = await seedDemoData(t.database.db, new Date(), { cards: t.app.cardProviders.rails, storage: t.app.fileStorage });
    expect(first?.sessionId).toBeTruthy();
    const db = t.database.db;
    const orders = await db.select().from(loanOrders);
    expect(new Set(orders.map((o) => o.statusCode))).toEqual(new Set(LOAN_STATUS_CODES));
    for (const order of orders) {
      expect(order.totalRepayableMinor - order.disbursalMinor).toBe(
        order.commissionMinor + order.interestMinor - order.discountMinor + order.taxMinor,
      );
      const plan = await db.select().from(loanInstallments).where(eq(loanInstallments.orderId, order.id));
      expect(plan.reduce((sum, i) => sum + i.amountMinor, 0)).toBe(order.totalRepayableMinor);
      expect(await db.select().from(loanContracts).where(eq(loanContracts.orderId, order.id))).toHaveLength(1);
      const paidOut = PAID_OUT.includes(order.statusCode);
      expect(plan.every((i) => (i.dueDate !== null) === paidOut)).toBe(true);
    }
    const overdue = orders.find((o) => o.statusCode === 180);
    expect(overdue?.penaltyMinor).toBeGreaterThan(0);
    expect((await db.select().from(products)).every((p) => p.logoUrl.startsWith('/media/product-logos/'))).toBe(true);
    expect((await db.select().from(companyFacts)).map((row) => row.market).sort()).toEqual(['IN', 'MX']);
    expect((await db.select().from(serviceContacts)).map((row) => row.market).sort()).toEqual(['IN', 'MX']);

    expect(await seedDemoData(db)).toBeNull();
    const [row] = await db.select({ n: count() }).from(borrowers);
    expect(row?.n).toBe(3);
  });

  it("gives every demo borrower a complete profile of their market, every consent given in its current text", async () => {
    for (const demo of DEMO_PEOPLE) {
      const session = await sessionOf(demo);
      const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${ProfilePath.menu}?${sessionQuery(session, { language: '1' })}`, payload: {} });
      const menu = response.json<{ code: number; data: UserMenu }>();
      expect(menu.code, demo.name).toBe(0);
      expect(menu.data.profile, demo.name).toMatchObject({ name: demo.name, market: demo.market, certificationComplete: true, nationalId: { kind: demo.market === 'MX' ? 'curp' : 'pan' } });
      expect(menu.data.payoutAccount, demo.name).toMatchObject({ kind: demo.market === 'MX' ? 'clabe' : 'bank-account', holderName: demo.name });
      expect(menu.data.consents.map((consent) => [consent.kind, consent.given, consent.version]), demo.name).toEqual(
        CONSENT_KINDS.map((kind) => [kind, true, CONSENT_TEXT_VERSIONS[demo.market][kind]]),
      );
    }
  });

  it("shows the payout account and the address on every paid-out demo loan's contract", async () => {
    const db = t.database.db;
    for (const demo of [DEMO_BORROWER, DEMO_BORROWER_IN]) {
      const session = await sessionOf(demo);
      const orders = await db.select().from(loanOrders).where(eq(loanOrders.borrowerId, Number(session.userId)));
      const paidOut = orders.filter((order) => PAID_OUT.includes(order.statusCode));
      expect(paidOut.length, demo.name).toBeGreaterThan(0);
      for (const order of paidOut) {
        const contract = await getBorrower<ContractDetail>(t.app, session, MachinePath.contractDetail, { orderNo: order.orderNo }, '1');
        expect(contract.code, order.orderNo).toBe(0);
        const bank = demo.market === 'MX' ? 'BBVA MEXICO' : 'State Bank of India';
        expect(contract.data.bankNo, order.orderNo).toMatch(new RegExp(`^${bank} •••• \\d{4}$`));
        expect(contract.data.userAddress, order.orderNo).toContain(demo.market === 'MX' ? 'Ciudad de México 06700' : 'Karnataka 560038');
      }
    }
  });

  it('keeps every timestamp after the one before: signed up, decided, accepted and signed, paid out, paid', async () => {
    const db = t.database.db;
    const now = Date.now();
    for (const demo of DEMO_PEOPLE) {
      const [borrower] = await db.select().from(borrowers).where(eq(borrowers.phone, demo.phone));
      const [profile] = await db.select().from(borrowerProfiles).where(eq(borrowerProfiles.borrowerId, borrower?.id ?? 0));
      if (!borrower || !profile?.identitySavedAt) throw new Error(`${demo.name} has no profile`);
      expect(profile.identitySavedAt.getTime()).toBeGreaterThanOrEqual(borrower.createdAt.getTime());
      for (const order of await db.select().from(loanOrders).where(eq(loanOrders.borrowerId, borrower.id))) {
        const label = `${demo.name} ${order.orderNo} (${order.statusCode})`;
        const [decision] = await db.select().from(creditDecisions).where(and(eq(creditDecisions.borrowerId, borrower.id), eq(creditDecisions.productId, order.productId)));
        const [contract] = await db.select().from(loanContracts).where(eq(loanContracts.orderId, order.id));
        const moments = [
          ['signed up', profile.identitySavedAt],
          ['decided', decision?.decidedAt],
          ['accepted', order.createdAt],
          ['signed', contract?.agreedAt],
          ['approved', order.approvedAt],
          ['paid out', order.disbursedAt],
          ...(await db.select().from(payments).where(eq(payments.orderId, order.id))).map((payment): [string, Date] => ['paid', payment.paidAt]),
          ['settled', order.settledAt],
          ['now', new Date(now)],
        ] as const;
        const happened = moments.flatMap(([what, at]) => (at ? [{ what, at: at.getTime() }] : []));
        expect(happened.map((moment) => moment.what), label).toEqual([...happened].sort((a, b) => a.at - b.at).map((moment) => moment.what));
        expect(happened.map((moment) => moment.what), label).toContain('decided');
      }
    }
  });

  it("names India's saved card after an Indian bank, and Mexico's after a Mexican demo bank", async () => {
    const db = t.database.db;
    for (const demo of [DEMO_BORROWER, DEMO_BORROWER_IN]) {
      const session = await sessionOf(demo);
      const [order] = await db.select().from(loanOrders).where(and(eq(loanOrders.borrowerId, Number(session.userId)), eq(loanOrders.statusCode, 170)));
      if (!order) throw new Error(`${demo.name} has no loan being repaid`);
      const listing = await callCard<RepaymentWayData>(t, session, CardRepaymentPath.way, {}, { query: { orderId: order.orderNo } });
      expect(listing.code).toBe('00');
      expect(listing.data.bankCards.length, demo.name).toBeGreaterThan(0);
      for (const card of listing.data.bankCards) {
        if (demo.market === 'IN') expect(Object.values(IN_BANKS), card.bankName).toContain(card.bankName);
        else expect(card.bankName).toMatch(/^Banco Demo/);
      }
    }
  });

  it('serves the product logos', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/product-logos/pesoflex.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });
});
