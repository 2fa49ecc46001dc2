import { createSessionResponseSchema, MACHINE_BASE, type CreateSessionResponse } from '@lend/contracts';
import { operatorCli } from './operator-cli';

/** The demo borrower the server seeds, with an order in every status. */
export const DEMO_BORROWER_PHONE = '5500000001';

/** Opens a borrower session the way an operator does, through the command line. */
export function createSession(baseUrl: string, dataDir: string, phone = '5512345678'): CreateSessionResponse {
  return createSessionResponseSchema.parse(operatorCli(baseUrl, dataDir, ['session', 'create', '--phone', phone]));
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
