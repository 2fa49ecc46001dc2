import { LOAN_STATUS_CODES } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { checkLedger } from '../src/modules/payments';
import { hasBorrowers, seedVolume, type VolumeSeedResult } from '../src/seed/volume/volume-seed';
import { migratedDatabase } from './helper';

// The volume book is made on PostgreSQL only (docs/decisions/191).
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')('the volume book, small', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let result: VolumeSeedResult;

  beforeAll(async () => {
    const fresh = await migratedDatabase();
    drop = fresh.drop;
    database = await openDatabase(fresh.target);
    result = await seedVolume(database.db, 200);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('writes five orders per borrower, in every status', async () => {
    expect(await hasBorrowers(database.db)).toBe(true);
    expect(result.orders).toBe(1_000);
    expect(Object.values(result.statuses).reduce((a, b) => a + b, 0)).toBe(1_000);
    for (const status of LOAN_STATUS_CODES) expect(result.statuses[status] ?? 0, `orders in ${status}`).toBeGreaterThan(0);
  });

  it('leaves books that pass the ledger check', async () => {
    const { ordersChecked, mismatches } = await checkLedger(database.db);
    expect(mismatches).toEqual([]);
    expect(ordersChecked).toBeGreaterThanOrEqual(1_000);
  });
});
