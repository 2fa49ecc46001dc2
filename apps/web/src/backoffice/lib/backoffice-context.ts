import { createContext, useContext } from 'react';
import type { Language, StaffMe } from '@lend/contracts';
import type { OperatorApi } from './operator-api';

/** What every screen of the back office reads: the operator API, who is signed in, the language. */
export type Backoffice = {
  api: OperatorApi;
  me: StaffMe;
  language: Language;
};

export const BackofficeContext = createContext<Backoffice | null>(null);

export function useBackoffice(): Backoffice {
  const value = useContext(BackofficeContext);
  if (!value) throw new Error('useBackoffice needs the signed-in back office above it');
  return value;
}
