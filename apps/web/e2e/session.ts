import {
  CONSENT_KINDS,
  CONSENT_TEXT_VERSIONS,
  CreditPath,
  createSessionResponseSchema,
  MACHINE_BASE,
  MachinePath,
  ProfilePath,
  type CreateSessionResponse,
  type LoanConfirm,
  type LoanPush,
  type PhoneMarket,
  type ProductSummary,
} from '@lend/contracts';
import { addDays, clabeCheckDigit, curpCheckDigit } from '@lend/domain';
import { inject } from 'vitest';
import { operatorCli, operatorCliLinesAsync } from './operator-cli';

/** The demo borrower the server seeds, with an order in every status. */
export const DEMO_BORROWER_PHONE = '5500000001';

/**
 * The phone a test borrower has in this run: its last eight digits moved by an offset drawn for
 * the run, the same in every file. A server kept across runs (`npm run cluster`'s database,
 * docs/decisions/203) then meets new borrowers each run instead of those an earlier run left with
 * orders, and phones apart in the files stay apart.
 */
export function runPhone(phone: string): string {
  const moved = Number(phone.slice(-8)) + inject('phoneOffset');
  if (phone.length !== 10 || moved >= 100_000_000) throw new Error(`runPhone: ${phone} is not a ten-digit test phone whose last eight digits stay below 22,000,000`);
  return `${phone.slice(0, 2)}${String(moved).padStart(8, '0')}`;
}

/** Opens a borrower session the way an operator does, through the command line; a borrower borrows in their phone's market only. */
export function createSession(baseUrl: string, dataDir: string, phone = '5512345678', market: PhoneMarket = 'MX'): CreateSessionResponse {
  return createSessionResponseSchema.parse(operatorCli(baseUrl, dataDir, ['session', 'create', '--phone', phone, '--market', market]));
}

/** A small PNG, re-encoded by the server like any identity photo. */
export const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWOQqzhBEmIY1VAxGkpy2MIAAAtvBpB7SwmYAAAAAElFTkSuQmCC',
  'base64',
);

/** The inner consonants a CURP may hold (no vowels, no Ñ). */
const CURP_CONSONANTS = 'BCDFGHJKLMNPQRSTVWXYZ';

/** A person of the market of their own: the birth date, and so the CURP or PAN, follows from the phone, so no two test borrowers share an identity. */
function identityFor(phone: string, market: PhoneMarket) {
  // Every test phone gets its own national id: two borrowers with one id are referred, not approved.
  const digits = phone.slice(-8);
  // Birth dates within 19 years keep every applicant between 32 and 56, in the scorecard's steadiest age band.
  const serial = Number(digits) % 6_997;
  // The rest of the digits go into the CURP's inner consonants and differentiator, so phones
  // sharing a birth date (as those of runs on one database may) still differ in their CURP.
  const rest = Math.floor(Number(digits) / 6_997);
  const inner = [2, 1, 0].map((place) => CURP_CONSONANTS.charAt(Math.floor(rest / 10 / 21 ** place) % 21)).join('');
  if (market === 'IN') {
    const letter = (digit: string) => String.fromCharCode(65 + Number(digit));
    const pan = `${[...digits.slice(0, 3)].map(letter).join('')}PS${digits.slice(-4)}${letter(digits[3] ?? '0')}`;
    return { identity: { givenNames: 'Priya', firstSurname: 'Sharma', birthDate: addDays('1975-01-01', serial), nationalId: pan }, holder: 'PRIYA SHARMA' };
  }
  const birthDate = addDays('1970-01-01', serial);
  const first17 = `HEGG${birthDate.slice(2, 4)}${birthDate.slice(5, 7)}${birthDate.slice(8, 10)}MVZ${inner}${rest % 10}`;
  return {
    identity: { givenNames: 'Gloria', firstSurname: 'Hernández', secondSurname: 'García', birthDate, nationalId: `${first17}${curpCheckDigit(first17)}` },
    holder: 'Gloria Hernández García',
  };
}

async function profileCall(baseUrl: string, query: Record<string, string>, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}${MACHINE_BASE}${path}?${new URLSearchParams(query)}`, {
    method: 'POST',
    ...(body instanceof FormData ? { body } : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { code: number; message: string };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
}

/**
 * The account a test borrower is paid out to, their own, made from their phone: a CLABE in Mexico,
 * a bank account number in India (an account another borrower holds refers the application to an
 * officer: docs/decisions/228).
 */
export function payoutAccountNumber(phone: string, market: PhoneMarket): string {
  const digits = phone.replace(/\D/g, '').slice(-10).padStart(10, '0');
  if (market === 'IN') return `5010${digits}`;
  const first17 = `012180${digits}1`;
  return `${first17}${clabeCheckDigit(first17)}`;
}

/**
 * A borrower of this test alone who completed their profile as the native app does, not yet
 * applied; with `identityOf`, declaring the identity of that other phone's borrower.
 */
export async function certifiedSession(baseUrl: string, dataDir: string, phone: string, market: PhoneMarket = 'MX', identityOf = phone): Promise<CreateSessionResponse> {
  const [sessionLine] = (await operatorCliLinesAsync(baseUrl, dataDir, ['session', 'create', '--phone', phone, '--market', market])).filter((line) => line.startsWith('{'));
  const session = createSessionResponseSchema.parse(JSON.parse(sessionLine ?? 'null'));
  await completeProfile(baseUrl, { userId: session.userId, sessionId: session.sessionId }, phone, market, identityOf);
  return session;
}

/**
 * Every profile step the native app walks a borrower through, on a session already open:
 * identity (its own national id, from the phone, or from `identityOf`'s), address, employment,
 * the three photos, the consents and the payout account. The read bench prepares its borrowers
 * with it too, so the two follow the onboarding as one.
 */
export async function completeProfile(baseUrl: string, query: Record<string, string>, phone: string, market: PhoneMarket = 'MX', identityOf = phone): Promise<void> {
  const { identity, holder } = identityFor(identityOf, market);
  await profileCall(baseUrl, query, ProfilePath.identity, identity);
  await profileCall(
    baseUrl,
    query,
    ProfilePath.address,
    market === 'MX'
      ? { line1: 'Av. Insurgentes Sur 1602', city: 'Ciudad de México', state: 'CDMX', postalCode: '03940' }
      : { line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' },
  );
  await profileCall(
    baseUrl,
    query,
    ProfilePath.employment,
    market === 'MX' ? { employment: 'employed', employerName: 'Tiendas del Centro', monthlyIncomeMinor: 1_500_000, monthlyDebtPaymentsMinor: 200_000 } : { employment: 'self-employed', monthlyIncomeMinor: 4_000_000 },
  );
  for (const kind of ['id-front', 'id-back', 'selfie']) {
    const form = new FormData();
    form.append('image', new Blob([PHOTO], { type: 'image/png' }), 'photo.png');
    await profileCall(baseUrl, query, `${ProfilePath.image}/${kind}`, form);
  }
  await profileCall(baseUrl, query, ProfilePath.consents, { items: CONSENT_KINDS.map((kind) => ({ kind, version: CONSENT_TEXT_VERSIONS[market][kind] })) });
  await profileCall(
    baseUrl,
    query,
    ProfilePath.payoutBind,
    market === 'MX' ? { holderName: holder, clabe: payoutAccountNumber(phone, 'MX') } : { holderName: holder, ifsc: 'SBIN0001234', accountNumber: payoutAccountNumber(phone, 'IN') },
  );
}

/** The borrower applies for the product as the app does; anything but the rules' approval throws. */
export async function applyApproved(baseUrl: string, query: Record<string, string>, product: Pick<ProductSummary, 'id' | 'code'>): Promise<void> {
  const decision = await borrowerCall<{ outcome: string }>(baseUrl, query, CreditPath.apply, { productId: String(product.id) });
  if (decision.outcome !== 'approved') throw new Error(`${product.code}: the application was ${decision.outcome}`);
}

/**
 * A borrower of this test alone who completed their profile and applied for every product of their
 * market, as the native app does, and was approved: what lets them confirm and push a loan.
 */
export async function approvedSession(baseUrl: string, dataDir: string, phone: string, market: PhoneMarket = 'MX'): Promise<CreateSessionResponse> {
  const session = await certifiedSession(baseUrl, dataDir, phone, market);
  const query = { userId: session.userId, sessionId: session.sessionId };
  for (const product of (await listProducts(baseUrl, dataDir)).filter((p) => p.market === market)) await applyApproved(baseUrl, query, product);
  return session;
}

/** A borrower call as the app makes it (form body, session in the query); resolves to `data`, throws a refusal. */
export async function borrowerCall<T>(baseUrl: string, query: Record<string, string>, path: string, body: Record<string, string>): Promise<T> {
  const response = await fetch(`${baseUrl}${MACHINE_BASE}${path}?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** The products the operator lists, as `product list` prints them. */
export async function listProducts(baseUrl: string, dataDir: string): Promise<ProductSummary[]> {
  const lines = await operatorCliLinesAsync(baseUrl, dataDir, ['product', 'list']);
  return lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as ProductSummary);
}

/**
 * A borrower of this test alone with an order confirmed as the app does, approved and paid out by
 * the operator: other test files share the server and move the demo borrower's orders.
 */
export async function paidOutBorrower(
  baseUrl: string,
  dataDir: string,
  phone: string,
  productId: number,
  market: PhoneMarket = 'MX',
): Promise<CreateSessionResponse & { orderNo: string }> {
  const session = await approvedSession(baseUrl, dataDir, phone, market);
  const query = { userId: session.userId, sessionId: session.sessionId };
  const offer = await borrowerCall<LoanConfirm>(baseUrl, query, MachinePath.loanConfirm, { productId: String(productId) });
  const pushed = await borrowerCall<LoanPush>(baseUrl, query, MachinePath.loanPush, {
    productId: String(productId),
    amount: String(offer.amount),
    periods: String(offer.periods),
    termUnit: String(offer.termUnit),
    agreement: '1',
  });
  const orderNo = new URL(pushed.lendDetailsUrl, baseUrl).searchParams.get('orderId') ?? '';
  await operatorCliLinesAsync(baseUrl, dataDir, ['order', 'approve', orderNo]);
  await operatorCliLinesAsync(baseUrl, dataDir, ['order', 'disburse', orderNo]);
  return { ...session, orderNo };
}

/** A borrower approved for credit places an order on their market's first product as the app does (confirm, then push); its order number. */
export async function placedOrder(baseUrl: string, dataDir: string, phone: string, market: PhoneMarket = 'MX'): Promise<string> {
  const session = await approvedSession(baseUrl, dataDir, phone, market);
  const product = (await listProducts(baseUrl, dataDir)).find((candidate) => candidate.market === market);
  if (!product) throw new Error(`no product in ${market}`);
  const query = { userId: session.userId, sessionId: session.sessionId };
  const offer = await borrowerCall<LoanConfirm>(baseUrl, query, MachinePath.loanConfirm, { productId: String(product.id) });
  const pushed = await borrowerCall<LoanPush>(baseUrl, query, MachinePath.loanPush, {
    productId: String(product.id),
    amount: String(offer.amount),
    periods: String(offer.periods),
    termUnit: String(offer.termUnit),
    agreement: '1',
  });
  return new URL(pushed.lendDetailsUrl, baseUrl).searchParams.get('orderId') ?? '';
}
