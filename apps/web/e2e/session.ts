import { createSessionResponseSchema, type CreateSessionResponse } from '@lend/contracts';
import { operatorCli } from './operator-cli';

/** Opens a borrower session the way an operator does, through the command line. */
export function createSession(baseUrl: string, dataDir: string, phone = '5512345678'): CreateSessionResponse {
  const [line = ''] = operatorCli(baseUrl, dataDir, ['session', 'create', '--phone', phone]);
  return createSessionResponseSchema.parse(JSON.parse(line));
}
