import { createSessionResponseSchema, type CreateSessionResponse } from '@lend/contracts';
import { operatorCli } from './operator-cli';

/** The demo borrower the server seeds, with an order in every status. */
export const DEMO_BORROWER_PHONE = '5500000001';

/** Opens a borrower session the way an operator does, through the command line. */
export function createSession(baseUrl: string, dataDir: string, phone = '5512345678'): CreateSessionResponse {
  return createSessionResponseSchema.parse(operatorCli(baseUrl, dataDir, ['session', 'create', '--phone', phone]));
}
