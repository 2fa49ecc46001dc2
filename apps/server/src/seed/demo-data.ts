import { LoanStatus, type LoanStatusCode, type ProductPricing } from '@lend/contracts';
import { priceLoan } from '@lend/domain';
import { count } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { borrowers, companyFacts, loanOrders, products } from '../db/schema';
import { insertTemplate } from '../modules/promotion/template-repository';
import { saveServiceContacts } from '../modules/service-contacts/service-contacts-repository';
import { upsertBorrower } from '../modules/sessions/session-repository';
import { createSession } from '../modules/sessions/session-service';

export const DEMO_BORROWER = { phone: '5500000001', name: 'Ana Demo López' } as const;
export const DEMO_DEVICE_ID = 'demo-device-0001';

/** Fictional lender facts: every value is clearly a demo value. */
const DEMO_COMPANY = {
  name: 'Demo Lending Finance Pvt. Ltd. (demo)',
  email: 'support@demo-lending.example',
  address: 'Av. Ejemplo 123, Col. Demo, 00000 Ciudad de México (demo address)',
  cin: 'U00000XX0000PTC000000',
  nbfcNumber: 'N-00.00000 (demo)',
  site: 'https://demo-lending.example',
  phone: '+52 55 0000 0000',
};

const DEMO_CONTACTS = {
  whatsapp: '+52 55 0000 0001',
  telephone: '+52 55 0000 0002',
  email: 'ayuda@demo-lending.example',
};

const mxPricing: ProductPricing = {
  minAmountMinor: 100_000,
  maxAmountMinor: 2_000_000,
  defaultAmountMinor: 500_000,
  termDays: 91,
  periods: 1,
  interestPerDayPpm: 500,
  commissionPpm: 50_000,
  taxPpm: 160_000,
  overduePenaltyPerDayPpm: 30_000,
};

const DEMO_PRODUCTS = [
  { code: 'peso-flex-91', name: 'PesoFlex 91', logoUrl: '/media/product-logos/pesoflex.svg', market: 'MX', pricing: mxPricing },
  {
    code: 'peso-plus-120',
    name: 'PesoPlus 120',
    logoUrl: '/media/product-logos/pesoplus.svg',
    market: 'MX',
    pricing: { ...mxPricing, termDays: 120, periods: 4, maxAmountMinor: 3_000_000, defaultAmountMinor: 1_000_000 },
  },
  {
    code: 'rupee-easy-91',
    name: 'RupeeEasy 91',
    logoUrl: '/media/product-logos/rupeeeasy.svg',
    market: 'IN',
    pricing: { ...mxPricing, taxPpm: 180_000, defaultAmountMinor: 1_000_000, maxAmountMinor: 5_000_000 },
  },
] as const;

/** A landing template, so `/#/downloadTemplate?id=1` shows a campaign on a fresh machine. */
export const DEMO_PROMO_TEMPLATE = {
  name: 'Demo campaign',
  content: {
    en: {
      title: 'Cash loan in minutes',
      headline: 'Register with your phone and get the app',
      body: 'Apply in the app and see the amount, the term and every charge before you confirm.',
    },
    es: {
      title: 'Préstamo en minutos',
      headline: 'Regístrese con su teléfono y descargue la app',
      body: 'Solicite en la app y vea el monto, el plazo y cada cargo antes de confirmar.',
    },
  },
  bannerUrl: '/media/promo/banner.svg',
  colours: { background: '#0B3D91', text: '#FFFFFF', button: '#B3261E', buttonText: '#FFFFFF' },
  downloadLinks: {
    android: 'https://play.google.com/store/apps/details?id=com.demo.lend',
    ios: 'https://apps.apple.com/app/id0000000000',
  },
  termsUrl: '/User',
  trackingCode: 'DEMO-CONVERSION',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Demo orders: one in every status, placed so the dates agree with the status. */
export function demoOrder(status: LoanStatusCode, index: number, now: Date, borrowerId: number, productId: number, pricing: ProductPricing) {
  const price = priceLoan(pricing, pricing.defaultAmountMinor);
  const createdDaysAgo: Record<LoanStatusCode, number> = { 21: 0, 151: 1, 110: 3, 170: 10, 174: 91, 180: 100, 200: 130 };
  const createdAt = new Date(now.getTime() - createdDaysAgo[status] * DAY_MS);
  const disbursed = status === 170 || status === 174 || status === 180 || status === 200;
  const disbursedAt = disbursed ? new Date(createdAt.getTime() + DAY_MS / 2) : null;
  return {
    orderNo: `DEMO${String(index + 1).padStart(4, '0')}${status}`,
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
    dueDate: disbursedAt ? isoDate(new Date(disbursedAt.getTime() + price.termDays * DAY_MS)) : null,
    settledAt: status === 200 ? new Date(now.getTime() - DAY_MS) : null,
    updatedAt: now,
  };
}

async function isEmpty(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(borrowers);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds a fresh non-production database once: a demo borrower with a session, products
 * with logos, an order in every status, company facts, customer-service contacts and a
 * promotion landing template.
 * Returns the demo session id when it seeded, so the start-up log can show it.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<{ userId: string; sessionId: string } | null> {
  const seeded = await db.transaction(async (tx) => {
    if (!(await isEmpty(tx))) return false;
    const borrower = await upsertBorrower(tx, DEMO_BORROWER.phone, DEMO_BORROWER.name);
    const productRows = await tx
      .insert(products)
      .values(DEMO_PRODUCTS.map((p) => ({ ...p, pricing: p.pricing })))
      .returning();
    const statuses: LoanStatusCode[] = [
      LoanStatus.UnderReview,
      LoanStatus.Disbursing,
      LoanStatus.Rejected,
      LoanStatus.Disbursed,
      LoanStatus.Due,
      LoanStatus.Overdue,
      LoanStatus.Settled,
    ];
    const mxProducts = productRows.filter((p) => p.market === 'MX');
    await tx.insert(loanOrders).values(
      statuses.map((status, index) => {
        const product = mxProducts[index % mxProducts.length];
        if (!product) throw new Error('demo products missing');
        return demoOrder(status, index, now, borrower.id, product.id, product.pricing);
      }),
    );
    await tx.insert(companyFacts).values({ id: 1, ...DEMO_COMPANY });
    await saveServiceContacts(tx, DEMO_CONTACTS);
    await insertTemplate(tx, DEMO_PROMO_TEMPLATE);
    return true;
  });
  if (!seeded) return null;
  const session = await createSession(db, { phone: DEMO_BORROWER.phone, deviceId: DEMO_DEVICE_ID }, now);
  return { userId: session.userId, sessionId: session.sessionId };
}
