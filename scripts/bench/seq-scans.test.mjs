import { describe, expect, it } from 'vitest';
import { assertNoBigSeqScan, seqScannedRelations, seqScansOnBigTables } from './seq-scans.mjs';

/** Plans as PostgreSQL's EXPLAIN (FORMAT JSON) writes them. */
const indexPlan = [{ Plan: { 'Node Type': 'Limit', Plans: [{ 'Node Type': 'Index Scan', 'Relation Name': 'loan_orders', 'Index Name': 'loan_orders_borrower_idx' }] } }];
const seqPlan = [
  {
    Plan: {
      'Node Type': 'Hash Join',
      Plans: [
        { 'Node Type': 'Seq Scan', 'Relation Name': 'products' },
        { 'Node Type': 'Gather', Plans: [{ 'Node Type': 'Parallel Seq Scan', 'Relation Name': 'payment_references' }] },
      ],
    },
  },
];
const big = new Set(['loan_orders', 'payment_references']);

describe('the plan check of the volume benchmark', () => {
  it('finds sequential scans at any depth, parallel ones included', () => {
    expect(seqScannedRelations(seqPlan)).toEqual(['products', 'payment_references']);
    expect(seqScannedRelations(indexPlan)).toEqual([]);
  });

  it('names only big tables: a small one read whole is fine', () => {
    expect(seqScansOnBigTables(seqPlan, big)).toEqual(['payment_references']);
    expect(seqScansOnBigTables(indexPlan, big)).toEqual([]);
  });

  it('fails a plan that reads a big table from end to end, and passes one through an index', () => {
    expect(() => assertNoBigSeqScan(seqPlan, big, 'a payment reference')).toThrow('a payment reference: sequential scan of payment_references');
    expect(() => assertNoBigSeqScan(indexPlan, big, 'an order')).not.toThrow();
  });
});
