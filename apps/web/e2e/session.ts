import {
  createSessionResponseSchema,
  MACHINE_BASE,
  MachinePath,
  type CreateSessionResponse,
  type LoanConfirm,
  type LoanPush,
  type PhoneMarket,
  type ProductSummary,
} from '@lend/contracts';
import { operatorCli, operatorCliLinesAsync } from './operator-cli';

/** The demo borrower the server seeds, with an order in every status. */
export const DEMO_BORROWER_PHONE = '5500000001';

/** Opens a borrower session the way an operator does, through the command line; a borrower borrows in their phone's market only. */
export function createSession(baseUrl: string, dataDir: string, phone = '5512345678', market: PhoneMarket = 'MX'): CreateSessionResponse {
  return createSessionResponseSchema.parse(operatorCli(baseUrl, dataDir, ['session', 'create', '--phone', phone, '--market', market]));
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
  const [sessionLine] = (await operatorCliLinesAsync(baseUrl, dataDir, ['session', 'create', '--phone', phone, '--market', market])).filter((line) => line.startsWith('{'));
  const session = createSessionResponseSchema.parse(JSON.parse(sessionLine ?? 'null'));
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
