// `npm run seed:volume -- --borrowers 200000 [--reset]`: the volume book on the PostgreSQL database
// of DATABASE_URL (docs/decisions/191). Refuses the embedded database, and a database that
// already has borrowers unless --reset, which drops every table and migrates afresh.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../db/client';
import { checkLedger } from '../../modules/payments';
import { hasBorrowers, seedVolume } from './volume-seed';

const { values } = parseArgs({
  options: { borrowers: { type: 'string', default: '200000' }, reset: { type: 'boolean', default: false }, check: { type: 'boolean', default: false } },
});
const borrowerCount = Number(values.borrowers);
if (!Number.isSafeInteger(borrowerCount) || borrowerCount < 1) {
  console.error('--borrowers takes a whole number of at least 1');
  process.exit(2);
}
const url = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(url)) {
  console.error('The volume book is made on PostgreSQL only: set DATABASE_URL=postgres://… (the embedded database is refused).');
  process.exit(2);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const started = performance.now();
if (values.reset) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;');
  await client.end();
  console.log('Reset: every table dropped.');
}
const database = await openDatabase({ kind: 'postgres', url, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 });
try {
  if (await hasBorrowers(database.db)) {
    console.error('This database already has borrowers: pass --reset to drop everything and seed afresh.');
    process.exitCode = 2;
  } else {
    console.log(`Migrated in ${seconds(performance.now() - started)}. Seeding ${borrowerCount} borrowers and ${borrowerCount * 5} orders…`);
    const result = await seedVolume(database.db, borrowerCount, { log: (line) => console.log(line) });
    console.log(`Orders by status: ${JSON.stringify(result.statuses)}`);
    console.log(
      `Timings: demo data ${seconds(result.timings.demoDataMs ?? 0)}, building rows ${seconds(result.timings.buildMs ?? 0)}, writing ${seconds(result.timings.writeMs ?? 0)}, sequences and analyze ${seconds(result.timings.analyzeMs ?? 0)}; total ${seconds(performance.now() - started)}.`,
    );
    if (values.check) {
      const t = performance.now();
      const { ordersChecked, mismatches } = await checkLedger(database.db);
      console.log(`Ledger check: ${ordersChecked} orders, ${mismatches.length} mismatches in ${seconds(performance.now() - t)}.`);
      if (mismatches.length > 0) {
        console.error(JSON.stringify(mismatches.slice(0, 5)));
        process.exitCode = 1;
      }
    }
  }
} finally {
  await database.close();
}
