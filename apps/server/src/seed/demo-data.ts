import {
  LoanStatus,
  MARKET_LANGUAGE,
  PHONE_MARKETS,
  type CompanyFactsInput,
  type CreditPolicy,
  type LoanStatusCode,
  type PhoneMarket,
  type ProductPricing,
  type SandboxTestCardKind,
  type ServiceContactsInput,
} from '@lend/contracts';
import { addDays, clabeCheckDigit, curpCheckDigit, formatDate, MARKET_SETTINGS, type IsoDate, type Market } from '@lend/domain';
import { count } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { CardRails } from '../providers/cards/card-rails';
import { SandboxCardProvider } from '../providers/cards/sandbox/sandbox-card-provider';
import type { FileStorage } from '../providers/storage/storage';
import { borrowers, paymentChannels, products } from '../db/schema';
import { sweepOrders } from '../modules/order-clock';
import { moveOrderStatus, orderByNumber, placeOrder, recordPayout } from '../modules/orders';
import { recordAgreement } from '../modules/contracts';
import { applyPaymentIn, manualTransfer } from '../modules/payments';
import { productMarket, quoteLoan, saveOfferDecision, type LoanTerms, type ProductRow } from '../modules/products';
import { saveSandboxCard } from '../modules/cards';
import { recordUnscoredApproval } from '../modules/credit';
import { createTemplate } from '../modules/promotion-campaigns';
import { seedLenderFacts } from '../modules/company';
import type { PreviewBorrowers } from '../modules/dev';
import { recordSignUpPhotos, recordSignUpProfile, type SignUpProfile } from '../modules/profiles';
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

/**
 * The developer preview's borrowers (docs/decisions/233): the one whose loans its links open in each
 * market, and those a confirmation may open as, in turn.
 */
export const DEMO_PREVIEW_BORROWERS: PreviewBorrowers = {
  deviceId: DEMO_DEVICE_ID,
  markets: {
    MX: { subject: DEMO_BORROWER, confirming: [DEMO_BORROWER, DEMO_BORROWER_MX_NEW] },
    IN: { subject: DEMO_BORROWER_IN, confirming: [DEMO_BORROWER_IN] },
  },
};

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

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A CURP or a CLABE completed with its check digit, worked out as RENAPO and Banxico do. */
const curp = (first17: string) => `${first17}${curpCheckDigit(first17)}`;
const clabe = (first17: string) => `${first17}${clabeCheckDigit(first17)}`;

/** Where and how a demo borrower gave their consents: the app on their phone. */
const SIGNED_UP_IN_THE_APP = { source: 'app:android', ip: '127.0.0.1', deviceId: DEMO_DEVICE_ID } as const;

type DemoBorrower = typeof DEMO_BORROWER | typeof DEMO_BORROWER_IN | typeof DEMO_BORROWER_MX_NEW;

/**
 * Each demo borrower as they signed up in their market (docs/decisions/233): who they are, where
 * they live, what they earn, every consent, the account their loans are paid out to, and how long
 * ago, before any of their loans. Every value passes the checks a borrower's own would.
 */
const DEMO_PEOPLE: readonly { borrower: DemoBorrower; signedUpDaysAgo: number; profile: SignUpProfile }[] = [
  {
    borrower: DEMO_BORROWER,
    signedUpDaysAgo: 240,
    profile: {
      identity: { givenNames: 'Ana', firstSurname: 'Demo', secondSurname: 'López', birthDate: '1992-04-15', nationalId: curp('DELA920415MDFMPN0') },
      address: { line1: 'Calle Ejemplo 45, Int. 3', line2: 'Col. Roma Norte', city: 'Cuauhtémoc, Ciudad de México', state: 'Ciudad de México', postalCode: '06700' },
      employment: { employment: 'employed', employerName: 'Comercializadora Demo, S.A. de C.V.', monthlyIncomeMinor: 1_800_000, monthlyDebtPaymentsMinor: 150_000 },
      payoutAccount: { holderName: DEMO_BORROWER.name, clabe: clabe('01218001928374650') },
      consentsFrom: SIGNED_UP_IN_THE_APP,
    },
  },
  {
    borrower: DEMO_BORROWER_IN,
    signedUpDaysAgo: 30,
    profile: {
      identity: { givenNames: 'Ravi Demo', firstSurname: 'Sharma', birthDate: '1990-11-08', nationalId: 'BQXPS4821K', aadhaarLast4: '7302' },
      address: { line1: 'Flat 12, Demo Residency, 4th Cross Road', line2: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', postalCode: '560038' },
      employment: { employment: 'employed', employerName: 'Demo Softworks Pvt. Ltd.', monthlyIncomeMinor: 6_500_000, monthlyDebtPaymentsMinor: 500_000 },
      payoutAccount: { holderName: DEMO_BORROWER_IN.name, ifsc: 'SBIN0001234', accountNumber: '50100987654321' },
      consentsFrom: SIGNED_UP_IN_THE_APP,
    },
  },
  {
    borrower: DEMO_BORROWER_MX_NEW,
    signedUpDaysAgo: 5,
    profile: {
      identity: { givenNames: 'Luis', firstSurname: 'Demo', secondSurname: 'Pérez', birthDate: '1988-09-02', nationalId: curp('DEPL880902HJCMRS0') },
      address: { line1: 'Av. Demo 1200, Depto. 7', line2: 'Col. Americana', city: 'Guadalajara', state: 'Jalisco', postalCode: '44160' },
      employment: { employment: 'self-employed', monthlyIncomeMinor: 2_200_000, monthlyDebtPaymentsMinor: 0 },
      payoutAccount: { holderName: DEMO_BORROWER_MX_NEW.name, clabe: clabe('01432006574839201') },
      consentsFrom: SIGNED_UP_IN_THE_APP,
    },
  },
];

/**
 * The demo borrowers' saved sandbox cards, each on their market's account (so issued by a bank of
 * that market): Mexico's one that pays at once and one that asks for an SMS code (docs/decisions/082);
 * India's one that asks for a code, as every Indian card payment does.
 */
const DEMO_CARDS: readonly { borrower: DemoBorrower; kinds: readonly SandboxTestCardKind[] }[] = [
  { borrower: DEMO_BORROWER, kinds: ['approve', 'code'] },
  { borrower: DEMO_BORROWER_IN, kinds: ['code'] },
];

/**
 * One order: paid out `daysAgo` days ago (an order in review, refused or being paid out was placed
 * then), or, with `daysLate`, paid out so that its first installment fell due that many days ago.
 */
type DemoOrder = { status: LoanStatusCode; product: string; daysAgo: number; daysLate?: number };

/**
 * One order in every status, on products that show both sides of each rule: the due order
 * cannot be extended, the overdue one can. Dates agree with the status, and one flex loan was
 * repaid before the next was taken. Orders that stay in review come last: a product holds one
 * order in review at a time.
 */
const DEMO_ORDERS: DemoOrder[] = [
  { status: LoanStatus.Rejected, product: 'peso-max-180', daysAgo: 3 },
  { status: LoanStatus.Disbursed, product: 'peso-max-180', daysAgo: 10 },
  { status: LoanStatus.Due, product: 'peso-flex-91', daysAgo: 91, daysLate: 0 },
  { status: LoanStatus.Overdue, product: 'peso-plus-120', daysAgo: 35, daysLate: 5 },
  { status: LoanStatus.Settled, product: 'peso-flex-91', daysAgo: 230 },
  { status: LoanStatus.Disbursing, product: 'peso-plus-120', daysAgo: 1 },
  { status: LoanStatus.UnderReview, product: 'peso-flex-91', daysAgo: 0 },
];

/** India's demo borrower repays one loan; the coupon offer on another product is theirs. */
const DEMO_ORDERS_IN: DemoOrder[] = [{ status: LoanStatus.Disbursed, product: 'rupee-easy-91', daysAgo: 10 }];

/**
 * The moments of an order's life, in the order they happen (docs/decisions/233): the borrower
 * confirms and signs (the order is placed), the lender decides some hours later, and the money
 * leaves the next day at 18:00 UTC, on the payout date in either market's time zone.
 */
function orderTimeline(demo: DemoOrder, firstDueDay: number, market: Market, now: Date): { placedAt: Date; decidedAt: Date; payoutDate: IsoDate | null; disbursedAt: Date | null } {
  const paidOut = demo.status !== LoanStatus.UnderReview && demo.status !== LoanStatus.Rejected && demo.status !== LoanStatus.Disbursing;
  if (!paidOut) {
    // Placed `daysAgo` days ago, and at least two hours ago: a decision never lies in the future.
    const placedAt = new Date(now.getTime() - demo.daysAgo * DAY_MS - 2 * HOUR_MS);
    return { placedAt, decidedAt: new Date(placedAt.getTime() + HOUR_MS), payoutDate: null, disbursedAt: null };
  }
  const today = formatDate(now, market);
  const payoutDate = addDays(today, demo.daysLate === undefined ? -demo.daysAgo : -firstDueDay - demo.daysLate);
  const disbursedAt = new Date(`${payoutDate}T18:00:00Z`);
  const placedAt = new Date(disbursedAt.getTime() - DAY_MS - 6 * HOUR_MS);
  return { placedAt, decidedAt: new Date(placedAt.getTime() + 3 * HOUR_MS), payoutDate, disbursedAt };
}

async function seedOrder(tx: Tx, borrower: BorrowerRow, product: ProductRow, demo: DemoOrder, now: Date): Promise<void> {
  const terms: LoanTerms = { amountMinor: product.pricing.defaultAmountMinor, termDays: product.pricing.termDays, couponMinor: 0 };
  const market = productMarket(product);
  const quote = quoteLoan(product, terms);
  const firstDueDay = quote.plan[0]?.dueDay ?? product.pricing.termDays;
  const { placedAt, decidedAt, payoutDate, disbursedAt } = orderTimeline(demo, firstDueDay, market, now);
  const order = await placeOrder(tx, borrower, product, terms, quote, {
    language: MARKET_LANGUAGE[market],
    clientIp: '127.0.0.1',
    userAgent: 'demo data',
    at: placedAt,
  }, recordAgreement);
  if (!order) throw new Error(`demo order on ${product.code} collides with another`);
  if (demo.status === LoanStatus.UnderReview) return;
  if (demo.status === LoanStatus.Rejected) {
    await moveOrderStatus(tx, order.id, LoanStatus.UnderReview, LoanStatus.Rejected, {}, decidedAt);
    return;
  }
  await moveOrderStatus(tx, order.id, LoanStatus.UnderReview, LoanStatus.Disbursing, { approvedAt: decidedAt }, decidedAt);
  if (payoutDate === null || disbursedAt === null) return;
  const approved = await orderByNumber(tx, order.orderNo);
  if (!approved || !(await recordPayout(tx, approved, payoutDate, disbursedAt))) throw new Error(`demo order ${order.orderNo} not paid out`);
  if (demo.status !== LoanStatus.Settled) return;
  // Settled the way a borrower settles: a payment of everything owed on the due date, through the ledger.
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

/** A demo borrower who signed up `signedUpDaysAgo` days ago, with their profile as certification left it. */
async function signUp(tx: Tx, person: (typeof DEMO_PEOPLE)[number], now: Date): Promise<BorrowerRow> {
  const signedUpAt = new Date(now.getTime() - person.signedUpDaysAgo * DAY_MS);
  const { row } = await ensureBorrower(tx, { ...person.borrower, createdAt: signedUpAt });
  await recordSignUpProfile(tx, row.id, person.profile, signedUpAt);
  return row;
}

/** Plain photos standing for an identity document's sides and a selfie, stored as uploads are. */
async function signUpPhotos(db: Db, storage: FileStorage, borrowerId: number, at: Date): Promise<void> {
  const { default: sharp } = await import('sharp');
  const photo = (background: { r: number; g: number; b: number }) => sharp({ create: { width: 320, height: 200, channels: 3, background } }).png().toBuffer();
  await recordSignUpPhotos(
    db,
    storage,
    borrowerId,
    [
      { kind: 'id-front', bytes: await photo({ r: 210, g: 225, b: 240 }) },
      { kind: 'id-back', bytes: await photo({ r: 225, g: 235, b: 225 }) },
      { kind: 'selfie', bytes: await photo({ r: 240, g: 225, b: 210 }) },
    ],
    at,
  );
}

/** What the demo data may use besides the database: each market's card provider, and where photos are kept. */
export type DemoProviders = { cards?: CardRails | undefined; storage?: FileStorage | undefined };

/**
 * Seeds a fresh database once, in demo mode: a Mexican demo borrower with a session and an order
 * in every status (with plans and contracts), an Indian one with a loan being repaid and an offer
 * with a coupon, and a Mexican one with no loan yet, each with a complete profile of their market
 * signed up before their first loan; products with logos, payment channels, company facts,
 * customer-service contacts, a promotion landing template and, on the sandbox card provider, saved
 * cards of each market's banks. Every timestamp follows the one before: signed up, decided,
 * accepted and signed, paid out, paid (docs/decisions/233).
 * Returns the demo session id when it seeded, so the start-up log can show it.
 */
export async function seedDemoData(db: Db, now = new Date(), providers: DemoProviders = {}): Promise<{ userId: string; sessionId: string } | null> {
  const seeded = await db.transaction(async (tx) => {
    if (!(await isEmpty(tx))) return null;
    for (const market of PHONE_MARKETS) await seedLenderFacts(tx, market, DEMO_LENDERS[market].company, DEMO_LENDERS[market].contacts);
    await tx.insert(paymentChannels).values(DEMO_CHANNELS);
    const productRows = await tx.insert(products).values(DEMO_PRODUCTS).returning();
    const byCode = new Map(productRows.map((p) => [p.code, p]));
    const people = new Map<string, BorrowerRow>();
    for (const person of DEMO_PEOPLE) {
      const borrower = await signUp(tx, person, now);
      people.set(person.borrower.phone, borrower);
      // Each applied for their market's products an hour after signing up, and was approved (docs/decisions/141).
      const decidedAt = new Date(now.getTime() - person.signedUpDaysAgo * DAY_MS + HOUR_MS);
      for (const product of productRows) {
        if (productMarket(product) === person.borrower.market) await recordUnscoredApproval(tx, borrower.id, product, 'demo data', decidedAt);
      }
    }
    const ordersOf: [DemoBorrower, DemoOrder[]][] = [
      [DEMO_BORROWER, DEMO_ORDERS],
      [DEMO_BORROWER_IN, DEMO_ORDERS_IN],
    ];
    for (const [demo, orders] of ordersOf) {
      const borrower = people.get(demo.phone);
      if (!borrower) throw new Error(`demo borrower ${demo.name} missing`);
      for (const order of orders) {
        const product = byCode.get(order.product);
        if (!product) throw new Error(`demo product ${order.product} missing`);
        await seedOrder(tx, borrower, product, order, now);
      }
    }
    const indian = people.get(DEMO_BORROWER_IN.phone);
    const couponProduct = byCode.get('rupee-plus-180');
    if (couponProduct && indian) {
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
    return people;
  });
  if (!seeded) return null;
  // The clock makes the due and late orders so, and accrues the late charges, as in production.
  await sweepOrders(db, now);
  if (providers.storage) {
    for (const person of DEMO_PEOPLE) {
      const borrower = seeded.get(person.borrower.phone);
      if (borrower) await signUpPhotos(db, providers.storage, borrower.id, new Date(now.getTime() - person.signedUpDaysAgo * DAY_MS));
    }
  }
  const session = await createSession(db, { phone: DEMO_BORROWER.phone, market: DEMO_BORROWER.market, deviceId: DEMO_DEVICE_ID }, now);
  // Saved cards through the sandbox, as a borrower's browser would tokenise them.
  for (const { borrower: demo, kinds } of DEMO_CARDS) {
    const cards = providers.cards?.forMarket(demo.market).card;
    const borrower = seeded.get(demo.phone);
    if (!(cards instanceof SandboxCardProvider) || !borrower) continue;
    for (const kind of kinds) await saveSandboxCard(db, cards, { userId: borrower.id, kind, holderName: demo.name, market: demo.market });
  }
  return { userId: session.userId, sessionId: session.sessionId };
}
