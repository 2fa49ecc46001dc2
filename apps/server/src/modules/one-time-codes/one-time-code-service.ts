import type { Queryable } from '../../db/client';
import { countWrongTry, deleteCode, deleteCodesOf, lockLatestLiveCode, useCode, voidLiveCodes, type CodeTable } from './code-repository';

export type { CodeTable } from './code-repository';

/**
 * What every one-time-code table does, bound to one of them: the sign-in's and the landing's
 * codes follow the same life (a new code voids the older ones, a wrong try is counted, a code is
 * spent once), while each table stays the module's that asks for the codes.
 */
export function codesIn(table: CodeTable) {
  return {
    /** A new code makes every earlier one of the phone worthless. */
    voidLive: (db: Queryable, phone: string, now: Date) => voidLiveCodes(db, table, phone, now),
    /** A code the gateway never delivered must not count as sent, nor be usable. */
    remove: (db: Queryable, id: number) => deleteCode(db, table, id),
    /** Every code sent to these phones, spent or not (an erased account keeps none). */
    removeAllOf: (db: Queryable, phones: readonly string[]) => deleteCodesOf(db, table, phones),
    /** Inside a transaction: the phone's newest unused, unvoided code, locked. */
    lockLatestLive: (db: Queryable, phone: string) => lockLatestLiveCode(db, table, phone),
    countWrongTry: (db: Queryable, id: number, maxTries: number) => countWrongTry(db, table, id, maxTries),
    spend: (db: Queryable, id: number, now: Date, maxTries: number) => useCode(db, table, id, now, maxTries),
  };
}
