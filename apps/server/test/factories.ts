import { randomBytes } from 'node:crypto';
import type { LoanStatusCode, ProductPricing } from '@lend/contracts';
import { addDays, priceLoan, repaymentPlan, type Installment, type IsoDate } from '@lend/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/db/client';
import { loanOrders, products } from '../src/db/schema';
import { insertInstallments, listInstallments } from '../src/modules/orders/installment-repository';
import { bookPayout } from '../src/modules/orders/order-operations';
import { moveOrderStatus } from '../src/modules/orders';
import { applyPayment, manualTransfer } from '../src/modules/payments';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A loan order row in `status`, with amounts priced from the product and dates that agree with the status. */
function orderRow(status: LoanStatusCode, now: Date, borrowerId: number, productId: number, pricing: ProductPricing) {
  const price = priceLoan(pricing, pricing.defaultAmountMinor);
  const createdDaysAgo: Record<LoanStatusCode, number> = { 21: 0, 151: 1, 110: 3, 170: 10, 174: 91, 180: 100, 200: 130 };
  const createdAt = new Date(now.getTime() - createdDaysAgo[status] * DAY_MS);
  const disbursed = status === 170 || status === 174 || status === 180 || status === 200;
  const disbursedAt = disbursed ? new Date(createdAt.getTime() + DAY_MS / 2) : null;
  return {
    borrowerId,
    productId,
    statusCode: status,
    principalMinor: price.principalMinor,
    disbursalMinor: price.disbursalMinor,
    commissionMinor: price.commissionMinor,
    interestMinor: price.interestMinor,
    taxMinor: price.taxMinor,
    totalRepayableMinor: price.totalRepayableMinor,
    termDays: price.termDays,
    periods: price.periods,
    createdAt,
    approvedAt: status === 21 || status === 110 ? null : new Date(createdAt.getTime() + DAY_MS / 4),
    disbursedAt,
    dueDate: disbursedAt ? new Date(disbursedAt.getTime() + price.termDays * DAY_MS).toISOString().slice(0, 10) : null,
    settledAt: status === 200 ? new Date(now.getTime() - DAY_MS) : null,
    updatedAt: now,
  };
}

/**
 * Inserts the order as paid out with its plan, and books the payout through the loans module, so
 * its dates and ledger are those a real payout makes.
 */
async function paidOutOrder(db: Db, values: ReturnType<typeof orderRow>, plan: readonly Installment[], payoutDate: IsoDate, at: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(loanOrders)
      .values({
        ...values,
        statusCode: 170,
        disbursedAt: at,
        dueDate: addDays(payoutDate, plan[0]?.dueDay ?? 0),
        settledAt: null,
        orderNo: `T${randomBytes(6).toString('hex').toUpperCase()}`,
      })
      .returning();
    if (!row) throw new Error('order not inserted');
    await insertInstallments(tx, row.id, plan);
    await bookPayout(tx, row, await listInstallments(tx, row.id), payoutDate);
    return row;
  });
}

/** An order of `borrowerId` in `status` on the product `productCode`, else the first product (the database must hold products). */
export async function createOrder(
  db: Db,
  borrowerId: number,
  status: LoanStatusCode,
  productCode?: string,
): Promise<{ id: number; orderNo: string }> {
  const [product] = await db
    .select()
    .from(products)
    .where(productCode === undefined ? undefined : eq(products.code, productCode))
    .limit(1);
  if (!product) throw new Error('createOrder needs products: build the app with { seed: true }');
  const now = new Date();
  const values = orderRow(status, now, borrowerId, product.id, product.pricing);
  if (values.disbursedAt === null) {
    const [row] = await db
      .insert(loanOrders)
      .values({ ...values, orderNo: `T${randomBytes(6).toString('hex').toUpperCase()}` })
      .returning({ id: loanOrders.id, orderNo: loanOrders.orderNo });
    if (!row) throw new Error('order not inserted');
    return row;
  }
  const plan = repaymentPlan(priceLoan(product.pricing, values.principalMinor));
  const order = await paidOutOrder(db, values, plan, values.disbursedAt.toISOString().slice(0, 10), values.disbursedAt);
  if (status === 174 || status === 180) await moveOrderStatus(db, order.id, 170, status, {}, now);
  if (status === 200) {
    await applyPayment(
      db,
      manualTransfer({
        orderId: order.id,
        eventId: `factory-${order.orderNo}`,
        amountMinor: order.totalRepayableMinor,
        paidAt: values.settledAt ?? now,
        recordedBy: 'test factory',
      }),
      // Paid on the last due date: everything is owed and nothing is rebated.
      new Date(`${plan.length > 0 ? addDays(values.disbursedAt.toISOString().slice(0, 10), plan.at(-1)?.dueDay ?? 0) : ''}T18:00:00Z`),
    );
  }
  return { id: order.id, orderNo: order.orderNo };
}

/**
 * `count` paid-out orders (170) of `borrowerId` on the product `productCode`, with their repayment
 * plans, all first due on `dueDate`: work for the order clock. Returns their ids.
 */
export async function createRepayingOrders(db: Db, borrowerId: number, productCode: string, count: number, dueDate: IsoDate): Promise<number[]> {
  const [product] = await db.select().from(products).where(eq(products.code, productCode));
  if (!product) throw new Error(`no product ${productCode}: build the app with { seed: true }`);
  const now = new Date();
  const base = orderRow(170, now, borrowerId, product.id, product.pricing);
  const plan = repaymentPlan(priceLoan(product.pricing, base.principalMinor));
  const payoutDate = addDays(dueDate, -(plan[0]?.dueDay ?? 0));
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await paidOutOrder(db, base, plan, payoutDate, new Date(`${payoutDate}T18:00:00Z`))).id);
  return ids;
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });

/** Small real images in each accepted format, and one carrying camera and GPS metadata. */
export const images = {
  png: () => solid(40, 30).png().toBuffer(),
  webp: () => solid(40, 30).webp().toBuffer(),
  gif: () => solid(40, 30).gif().toBuffer(),
  jpegWithLocation: () =>
    solid(40, 30)
      .jpeg()
      .withExif({ IFD0: { Make: 'LeakyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 25/1 0/1' } })
      .toBuffer(),
};

/** A multipart body with one file part, as a browser's FormData sends it. */
export function multipartBody(field: string, filename: string, bytes: Uint8Array, contentType = 'application/octet-stream') {
  const boundary = `----lend${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(bytes), tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
