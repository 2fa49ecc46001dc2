import { LoanStatus, MARKET_LANGUAGE, PHONE_MARKETS, type CompanyFactsInput, type CreditPolicy, type LoanStatusCode, type PhoneMarket, type ProductPricing, type ServiceContactsInput } from '@lend/contracts';
import { addDays, formatDate, MARKET_SETTINGS } from '@lend/domain';
import { count } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { CardProvider } from '../providers/cards/card-provider';
import { SandboxCardProvider } from '../providers/cards/sandbox/sandbox-card-provider';
import { borrowers, paymentChannels, products } from '../db/schema';
import { sweepOrders } from '../modules/order-clock';
import { moveOrderStatus, orderByNumber, orderInstallments, placeOrder, recordPayout } from '../modules/orders';
import { recordAgreement } from '../modules/contracts';
import { applyPaymentIn, manualTransfer } from '../modules/payments';
import { productMarket, quoteLoan, saveOfferDecision, type LoanTerms, type ProductRow } from '../modules/products';
import { saveSandboxCard } from '../modules/cards';
import { recordUnscoredApproval } from '../modules/credit';
import { createTemplate } from '../modules/promotion-campaigns';
import { seedLenderFacts } from '../modules/company';
import { createSession, ensureBorrower, type BorrowerRow } from '../modules/sessions';

/** Stored as every borrower is: E.164 with its market. */
export const DEMO_BORROWER = { phone: '+525500000001', market: 'MX', name: 'Ana Demo López' } as const;
/** India's demo borrower: borrowers see only their own market's products (docs/decisions/132). */
export const DEMO_BORROWER_IN = { phone: '+919800000001', market: 'IN', name: 'Ravi Demo Sharma' } as const;
/**
 * Mexico's demo borrower with no loan yet: the first demo borrower's overdue loan stops new ones
 * (docs/decisions/141), so this one shows Mexico's offers and confirmations.
 */
export const DEMO_BORROWER_MX_NEW = { phone: '+525500000002', market: 'MX', name: 'Luis Demo Pérez' } as const;
export const DEMO_DEVICE_ID = 'demo-device-0001';

/** Fictional lender facts: every value is clearly a demo value. */
/** Each market's lender in the demo: its own entity, address, numbers and complaints officer (docs/decisions/230). */
const DEMO_LENDERS: Record<PhoneMarket, { company: CompanyFactsInput; contacts: ServiceContactsInput }> = {
  MX: {
    company: {
      name: 'Demo Préstamos México, S.A. de C.V., SOFOM, E.N.R. (demo)',
      email: 'contacto@demo-lending.example',
      address: 'Av. Ejemplo 123, Col. Demo, 06600 Ciudad de México (demo address)',
      cin: 'DPM000000AA0',
      nbfcNumber: 'CONDUSEF SIPRES 0000-000 (demo)',
      site: 'https://demo-lending.example',
      phone: '+52 55 0000 0000',
      complaintsOfficer: 'Unidad Especializada de Atención a Usuarios (UNE)',
      complaintsEmail: 'une@demo-lending.example',
      complaintsPhone: '+52 55 0000 0003',
      complaintsAddress: 'Av. Ejemplo 123, piso 2, Col. Demo, 06600 Ciudad de México (demo address)',
    },
    contacts: { whatsapp: '+52 55 0000 0001', telephone: '+52 55 0000 0002', email: 'ayuda@demo-lending.example' },
  },
  IN: {
    company: {
      name: 'Demo Lending Finance Pvt. Ltd. (demo)',
      email: 'support@demo-lending.example',
      address: '12 Example Road, Koramangala, Bengaluru 560034, Karnataka (demo address)',
      cin: 'U00000KA0000PTC000000',
      nbfcNumber: 'N-02.00000 (demo)',
      site: 'https://demo-lending.example',
      phone: '+91 80 0000 0000',
      complaintsOfficer: 'Priya Raman, Grievance Redressal Officer (demo)',
      complaintsEmail: 'grievance@demo-lending.example',
      complaintsPhone: '+91 80 0000 0003',
      complaintsAddress: '12 Example Road, Koramangala, Bengaluru 560034, Karnataka (demo address)',
    },
    contacts: { whatsapp: '+91 80 0000 0001', telephone: '+91 80 0000 0002', email: 'help@demo-lending.example' },
  },
};

/** 0.05% a day (18% a year on 360 days), 5% opening commission, IVA 16%; late charges are the market's (LOAN_RULES). */
const mxPricing: ProductPricing = {
  minAmountMinor: 100_000,
  maxAmountMinor: 2_000_000,
  defaultAmountMinor: 500_000,
  minTermDays: 91,
  maxTermDays: 182,
  termDays: 91,
  periods: 1,
  interestPerDayPpm: 500,
  commissionPpm: 50_000,
  taxPpm: MARKET_SETTINGS.MX.taxPpm,
  maxExtensions: 0,
};
/** India: GST 18% on interest and fees. */
const inPricing: ProductPricing = { ...mxPricing, taxPpm: MARKET_SETTINGS.IN.taxPpm, maxTermDays: 365, defaultAmountMinor: 1_000_000, maxAmountMinor: 5_000_000 };

/**
 * Each market's credit thresholds (docs/decisions/140, 141): Mexico from MXN 6,000 a month, India
 * from INR 15,000; a first loan up to one month's income, a fifth more per loan repaid on time.
 */
const mxCredit: CreditPolicy = {
  minAgeYears: 18,
  maxAgeYears: 75,
  minMonthlyIncomeMinor: 600_000,
  maxDebtToIncomePpm: 500_000,
  ceilingIncomePpm: 1_000_000,
  ceilingBonusPerOnTimeLoanPpm: 200_000,
  amountStepMinor: 10_000,
  seriousLatenessDays: 30,
  approveFromPoints: 50,
  referFromPoints: 30,
  reapplyAfterDays: 30,
};
const inCredit: CreditPolicy = { ...mxCredit, maxAgeYears: 65, minMonthlyIncomeMinor: 1_500_000 };

/** Terms inside 91–365 days, the published loan terms' range; the multi-period ones repay every 30 or 60 days. */
const DEMO_PRODUCTS = [
  { code: 'peso-flex-91', name: 'PesoFlex 91', logoUrl: '/media/product-logos/pesoflex.svg', market: 'MX', repayUrl: '', pricing: mxPricing, creditPolicy: mxCredit },
  {
    code: 'peso-plus-120',
    name: 'PesoPlus 120',
    logoUrl: '/media/product-logos/pesoplus.svg',
    market: 'MX',
    repayUrl: '',
    pricing: {
      ...mxPricing,
      minTermDays: 120,
      maxTermDays: 360,
      termDays: 120,
      periods: 4,
      maxAmountMinor: 3_000_000,
      defaultAmountMinor: 1_000_000,
      maxExtensions: 1,
    },
    creditPolicy: mxCredit,
  },
  {
    code: 'peso-max-180',
    name: 'PesoMax 180',
    logoUrl: '/media/product-logos/pesomax.svg',
    market: 'MX',
    repayUrl: '',
    pricing: {
      ...mxPricing,
      minTermDays: 180,
      maxTermDays: 360,
      termDays: 180,
      periods: 6,
      minAmountMinor: 500_000,
      maxAmountMinor: 5_000_000,
      defaultAmountMinor: 1_500_000,
      maxExtensions: 1,
    },
    creditPolicy: mxCredit,
  },
  {
    code: 'rupee-easy-91',
    name: 'RupeeEasy 91',
    logoUrl: '/media/product-logos/rupeeeasy.svg',
    market: 'IN',
    // Repaid by card: the borrower goes to the card screen, which offers what India's card provider takes.
    repayUrl: '/#/borrowDetail/',
    pricing: inPricing,
    creditPolicy: inCredit,
  },
  {
    code: 'rupee-plus-180',
    name: 'RupeePlus 180',
    logoUrl: '/media/product-logos/rupeeplus.svg',
    market: 'IN',
    repayUrl: '',
    pricing: { ...inPricing, minTermDays: 180, maxTermDays: 360, termDays: 180, periods: 3, defaultAmountMinor: 2_000_000, maxExtensions: 1 },
    creditPolicy: inCredit,
  },
] satisfies (Omit<typeof products.$inferInsert, 'pricing' | 'creditPolicy'> & { pricing: ProductPricing; creditPolicy: CreditPolicy })[];

/** Fictional places to pay, one store and one bank per market. */
const DEMO_CHANNELS: (typeof paymentChannels.$inferInsert)[] = [
  { code: 'tienda-demo', market: 'MX', kind: 'store', name: 'Tienda Demo', logoUrl: '/media/channel-logos/tienda-demo.svg', companyName: DEMO_LENDERS.MX.company.name, sort: 1, feeMinor: 1_200 },
  { code: 'banco-demo', market: 'MX', kind: 'bank', name: 'Banco Demo', logoUrl: '/media/channel-logos/banco-demo.svg', companyName: DEMO_LENDERS.MX.company.name, sort: 2 },
  { code: 'cashpoint-demo', market: 'IN', kind: 'store', name: 'CashPoint Demo', logoUrl: '/media/channel-logos/cashpoint-demo.svg', companyName: DEMO_LENDERS.IN.company.name, sort: 1, feeMinor: 1_000 },
  { code: 'bank-demo-in', market: 'IN', kind: 'bank', name: 'Demo Bank', logoUrl: '/media/channel-logos/bank-demo-in.svg', companyName: DEMO_LENDERS.IN.company.name, sort: 2 },
];

/** A landing template, so `/#/downloadTemplate?id=1` shows a campaign on a fresh machine: Mexico's (docs/decisions/232). */
export const DEMO_PROMO_TEMPLATE = {
  name: 'Demo campaign',
  market: 'MX' as const,
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

/** The demo borrower's saved sandbox cards. */
const DEMO_CARDS = ['approve', 'code'] as const;

type DemoOrder = { status: LoanStatusCode; product: string; createdDaysAgo: number; daysLate?: number };

/**
 * One order in every status, on products that show both sides of each rule: the due order
 * cannot be extended, the overdue one can. Dates agree with the status. Orders that stay in
 * review come last: a product holds one order in review at a time.
 */
const DEMO_ORDERS: DemoOrder[] = [
  { status: LoanStatus.Rejected, product: 'peso-max-180', createdDaysAgo: 3 },
  { status: LoanStatus.Disbursed, product: 'peso-max-180', createdDaysAgo: 10 },
  { status: LoanStatus.Due, product: 'peso-flex-91', createdDaysAgo: 92, daysLate: 0 },
  { status: LoanStatus.Overdue, product: 'peso-plus-120', createdDaysAgo: 36, daysLate: 5 },
  { status: LoanStatus.Settled, product: 'peso-flex-91', createdDaysAgo: 130 },
  { status: LoanStatus.Disbursing, product: 'peso-plus-120', createdDaysAgo: 1 },
  { status: LoanStatus.UnderReview, product: 'peso-flex-91', createdDaysAgo: 0 },
];

/** India's demo borrower repays one loan; the coupon offer on another product is theirs. */
const DEMO_ORDERS_IN: DemoOrder[] = [{ status: LoanStatus.Disbursed, product: 'rupee-easy-91', createdDaysAgo: 10 }];

async function seedOrder(tx: Tx, borrower: BorrowerRow, product: ProductRow, demo: DemoOrder, now: Date): Promise<void> {
  const terms: LoanTerms = { amountMinor: product.pricing.defaultAmountMinor, termDays: product.pricing.termDays, couponMinor: 0 };
  const createdAt = new Date(now.getTime() - demo.createdDaysAgo * DAY_MS);
  const market = productMarket(product);
  const order = await placeOrder(tx, borrower, product, terms, quoteLoan(product, terms), {
    language: MARKET_LANGUAGE[market],
    clientIp: '127.0.0.1',
    userAgent: 'demo data',
    at: createdAt,
  }, recordAgreement);
  if (!order) throw new Error(`demo order on ${product.code} collides with another`);
  if (demo.status === LoanStatus.UnderReview) return;
  if (demo.status === LoanStatus.Rejected) {
    await moveOrderStatus(tx, order.id, LoanStatus.UnderReview, LoanStatus.Rejected, {}, createdAt);
    return;
  }
  const approvedAt = new Date(createdAt.getTime() + DAY_MS / 4);
  await moveOrderStatus(tx, order.id, LoanStatus.UnderReview, LoanStatus.Disbursing, { approvedAt }, approvedAt);
  if (demo.status === LoanStatus.Disbursing) return;
  const installments = await orderInstallments(tx, order.id);
  const firstDueDay = installments[0]?.dueDay ?? product.pricing.termDays;
  // Orders meant to be due or late are paid out so that their first date is today or `daysLate` ago.
  const today = formatDate(now, market);
  const payoutDate = demo.daysLate === undefined ? formatDate(createdAt, market) : addDays(today, -firstDueDay - demo.daysLate);
  const disbursedAt = new Date(`${payoutDate}T18:00:00Z`);
  const approved = await orderByNumber(tx, order.orderNo);
  if (!approved || !(await recordPayout(tx, approved, payoutDate, disbursedAt))) throw new Error(`demo order ${order.orderNo} not paid out`);
  if (demo.status !== LoanStatus.Settled) return;
  // Settled the way a borrower settles: a payment of everything owed, through the ledger.
  const settledAt = new Date(disbursedAt.getTime() + product.pricing.termDays * DAY_MS);
  await applyPaymentIn(
    tx,
    manualTransfer({ orderId: order.id, eventId: `demo-${order.orderNo}`, amountMinor: order.totalRepayableMinor, paidAt: settledAt, recordedBy: 'demo data' }),
    settledAt,
  );
}

async function isEmpty(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(borrowers);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds a fresh database once, in demo mode: a Mexican demo borrower with a session and an order
 * in every status (with plans and contracts), an Indian one with a loan being repaid and an offer
 * with a coupon, products with logos,
 * payment channels, company facts, customer-service contacts, a promotion landing template and,
 * on the sandbox card provider, two saved cards.
 * Returns the demo session id when it seeded, so the start-up log can show it.
 */
export async function seedDemoData(db: Db, now = new Date(), cards?: CardProvider): Promise<{ userId: string; sessionId: string } | null> {
  const seeded = await db.transaction(async (tx) => {
    if (!(await isEmpty(tx))) return false;
    const { row: borrower } = await ensureBorrower(tx, DEMO_BORROWER);
    for (const market of PHONE_MARKETS) await seedLenderFacts(tx, market, DEMO_LENDERS[market].company, DEMO_LENDERS[market].contacts);
    await tx.insert(paymentChannels).values(DEMO_CHANNELS);
    const productRows = await tx.insert(products).values(DEMO_PRODUCTS).returning();
    const byCode = new Map(productRows.map((p) => [p.code, p]));
    for (const demo of DEMO_ORDERS) {
      const product = byCode.get(demo.product);
      if (!product) throw new Error(`demo product ${demo.product} missing`);
      await seedOrder(tx, borrower, product, demo, now);
    }
    const { row: indian } = await ensureBorrower(tx, DEMO_BORROWER_IN);
    for (const demo of DEMO_ORDERS_IN) {
      const product = byCode.get(demo.product);
      if (!product) throw new Error(`demo product ${demo.product} missing`);
      await seedOrder(tx, indian, product, demo, now);
    }
    // Each demo borrower holds an approval on their market's products, as if they had applied (docs/decisions/141).
    const { row: newcomer } = await ensureBorrower(tx, DEMO_BORROWER_MX_NEW);
    for (const product of productRows) {
      const holders = productMarket(product) === 'MX' ? [borrower.id, newcomer.id] : [indian.id];
      for (const holder of holders) await recordUnscoredApproval(tx, holder, product, 'demo data', now);
    }
    const couponProduct = byCode.get('rupee-plus-180');
    if (couponProduct) {
      await saveOfferDecision(
        tx,
        {
          borrowerId: indian.id,
          productId: couponProduct.id,
          status: 'active',
          amountMinor: couponProduct.pricing.defaultAmountMinor,
          termDays: couponProduct.pricing.termDays,
          couponMinor: 20_000,
        },
        now,
      );
    }
    await createTemplate(tx, { ...DEMO_PROMO_TEMPLATE, active: true });
    return true;
  });
  if (!seeded) return null;
  // The clock makes the due and late orders so, and accrues the late charges, as in production.
  await sweepOrders(db, now);
  const session = await createSession(db, { phone: DEMO_BORROWER.phone, market: DEMO_BORROWER.market, deviceId: DEMO_DEVICE_ID }, now);
  // Saved cards through the sandbox, as a borrower's browser would tokenise them: one that pays
  // at once, one that asks for an SMS code (docs/decisions/082).
  if (cards instanceof SandboxCardProvider) {
    for (const kind of DEMO_CARDS) await saveSandboxCard(db, cards, { userId: Number(session.userId), kind, holderName: DEMO_BORROWER.name });
  }
  return { userId: session.userId, sessionId: session.sessionId };
}
