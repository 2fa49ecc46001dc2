// The plan check of the volume benchmark (docs/decisions/192): a request path must not read a big
// table from end to end. Plans are PostgreSQL's `EXPLAIN (FORMAT JSON)` output.

/** Every relation a plan reads with a sequential scan (a parallel one too), from its JSON form. */
export function seqScannedRelations(plan) {
  const found = [];
  const walk = (node) => {
    if (!node || typeof node !== 'object') return;
    if ((node['Node Type'] === 'Seq Scan' || node['Node Type'] === 'Parallel Seq Scan') && node['Relation Name']) found.push(node['Relation Name']);
    for (const child of node.Plans ?? []) walk(child);
  };
  // EXPLAIN (FORMAT JSON) answers a one-element array of { Plan }.
  for (const root of Array.isArray(plan) ? plan : [plan]) walk(root?.Plan ?? root);
  return found;
}

/** The big tables among those a plan scans sequentially; `bigTables` is a Set of table names. */
export function seqScansOnBigTables(plan, bigTables) {
  return [...new Set(seqScannedRelations(plan).filter((name) => bigTables.has(name)))];
}

/** Throws, naming the statement and the tables, when a plan scans a big table sequentially. */
export function assertNoBigSeqScan(plan, bigTables, what) {
  const tables = seqScansOnBigTables(plan, bigTables);
  if (tables.length > 0) throw new Error(`${what}: sequential scan of ${tables.join(', ')}`);
}
