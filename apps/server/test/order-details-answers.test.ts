import { LoanStatus, MachinePath, type LoanDetails } from '@lend/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANGE_CHANNEL } from '../src/db/change-notices';
import { CHANGE_LISTENER_NAME } from '../src/db/postgres-change-listener';
import { loanOrders, products } from '../src/db/schema';
import { createTestApp, openSession, queryRows, type BorrowerSession, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { paidOutToday } from './operator-payment-helpers';

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

describe('order details answers remembered until the order changes', () => {
  let t: TestApp;
  let session: BorrowerSession;
  let orderNo: string;
  let productId: number;
  let renames = 0;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const paidOut = await paidOutToday(t.app, '5512000001');
    ({ session, orderNo } = paidOut);
    productId = paidOut.product.id;
    await noticesSettled();
  });
  afterAll(async () => t?.close());

  /**
   * Resolves once this app receives notices and those of the set-up's changes have all reached it.
   * On PostgreSQL each notice comes once per listening connection (the listener's and every pooled
   * one), so after a notice sent now has come, the set-up's are awaited until none has come for a
   * while. Until then an answer may not be remembered, or be forgotten by a late copy, which is
   * right for the server and would make the first test read the database.
   */
  async function noticesSettled(): Promise<void> {
    const sentinel = 'product:-1';
    let listening = false;
    let seen = false;
    let lastNoticeAt = Date.now();
    const stop = t.database.notices.subscribe({
      notice: (payload) => {
        lastNoticeAt = Date.now();
        if (payload === sentinel) seen = true;
      },
      listening: (on) => {
        listening = on;
      },
    });
    try {
      await vi.waitFor(() => expect(listening).toBe(true), { timeout: 5_000, interval: 20 });
      await t.database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${sentinel})`);
      await vi.waitFor(() => expect(seen).toBe(true), { timeout: 5_000, interval: 20 });
      await vi.waitFor(() => expect(Date.now() - lastNoticeAt).toBeGreaterThanOrEqual(300), { timeout: 10_000, interval: 50 });
    } finally {
      stop();
    }
  }

  const rows = <T>(query: SQL) => queryRows<T>(t.database, query);
  const details = async (language = '2', asWhom = session) => callBorrower<LoanDetails>(t.app, asWhom, MachinePath.loanDetails, { orderId: orderNo }, language);
  const productName = async () => (await details()).data.productName;

  /** Renames the product with the change triggers switched off for the transaction: no notice is sent. */
  async function renameUntold(): Promise<string> {
    renames += 1;
    const name = `Untold ${renames}`;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(products).set({ name }).where(eq(products.id, productId));
    });
    return name;
  }

  async function renameTold(): Promise<string> {
    renames += 1;
    const name = `Told ${renames}`;
    await t.database.db.update(products).set({ name }).where(eq(products.id, productId));
    return name;
  }

  it('answers again as before while nothing tells of a change, and as the database has it once something does', async () => {
    const before = await productName();
    const untold = await renameUntold();
    expect(await productName()).toBe(before);
    // A notice of the order alone re-reads the order; the product, remembered apart, is read again on a notice of its own (docs/decisions/210).
    await t.database.db.update(loanOrders).set({ score: null }).where(eq(loanOrders.orderNo, orderNo));
    expect(await productName()).toBe(before);
    await t.database.db.update(products).set({ name: sql`${products.name}` }).where(eq(products.id, productId));
    expect(await productName()).toBe(untold);
  });

  it('sees every change made through this process on the very next call', async () => {
    await productName();
    const told = await renameTold();
    expect(await productName()).toBe(told);

    const paidOut = await details();
    expect(paidOut.data.orderStatus).toBe(LoanStatus.Disbursed);
    await t.database.db.update(loanOrders).set({ statusCode: LoanStatus.Overdue }).where(eq(loanOrders.orderNo, orderNo));
    const overdue = await details();
    expect(overdue.data.orderStatus).toBe(LoanStatus.Overdue);
    expect(overdue.data.noticeStatusText).not.toBe(paidOut.data.noticeStatusText);
    await t.database.db.update(loanOrders).set({ statusCode: LoanStatus.Disbursed }).where(eq(loanOrders.orderNo, orderNo));
    expect((await details()).data).toEqual(paidOut.data);
  });

  it('answers each language in its own words', async () => {
    const english = await details('1');
    const spanish = await details('2');
    expect(english.data.noticeStatusText).not.toBe(spanish.data.noticeStatusText);
    expect((await details('1')).data).toEqual(english.data);
    expect((await details('2')).data).toEqual(spanish.data);
  });

  it("tells another borrower a remembered order does not exist, exactly as a missing one", async () => {
    expect((await details()).code).toBe(0);
    const other = await openSession(t.app, '5512000002');
    const foreign = await details('2', other);
    const missing = await callBorrower(t.app, other, MachinePath.loanDetails, { orderId: 'LN00000000000000' });
    expect(foreign.code).not.toBe(0);
    expect({ status: foreign.status, code: foreign.code, message: foreign.message }).toEqual({
      status: missing.status,
      code: missing.code,
      message: missing.message,
    });
  });

  it.runIf(onPostgres)('sees a change committed by another process once its notice arrives', async () => {
    await productName();
    const [{ name } = { name: '' }] = await rows<{ name: string }>(sql`select current_database() as name`);
    const address = new URL(process.env.TEST_DATABASE_URL ?? '');
    address.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: address.toString() });
    await other.connect();
    try {
      renames += 1;
      const name = `Elsewhere ${renames}`;
      await other.query('update products set name = $1 where id = $2', [name, productId]);
      await vi.waitFor(async () => expect(await productName()).toBe(name), { timeout: 2_000, interval: 20 });
    } finally {
      await other.end();
    }
  });

  it.runIf(onPostgres)('serves nothing from memory while the listening connection is down, and remembers again once it listens', async () => {
    await productName();
    const ended = await rows<{ ended: boolean }>(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = ${CHANGE_LISTENER_NAME} and datname = current_database()`,
    );
    expect(ended).toEqual([{ ended: true }]);
    // A change no notice tells of: seen only because nothing is answered from memory meanwhile.
    const untold = await renameUntold();
    await vi.waitFor(async () => expect(await productName()).toBe(untold), { timeout: 2_000, interval: 20 });
    // Listening again: an untold change goes unseen, because the answer comes from memory once more.
    await vi.waitFor(
      async () => {
        const remembered = await productName();
        await renameUntold();
        expect(await productName()).toBe(remembered);
      },
      { timeout: 5_000, interval: 50 },
    );
    await renameTold();
  });
});
