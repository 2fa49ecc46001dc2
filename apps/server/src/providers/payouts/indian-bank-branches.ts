import { createRequire } from 'node:module';

/**
 * Razorpay's published list of Indian bank branches (the `ifsc` package's IFSC.json: each bank's
 * four-letter code with its branches' last six characters, numeric ones as numbers), read on first
 * use. It is refreshed by updating the package (docs/decisions/221).
 */
type BranchList = Readonly<Record<string, readonly (string | number)[]>>;

let branches: Map<string, Set<string | number>> | undefined;

function loaded(): Map<string, Set<string | number>> {
  if (!branches) {
    const list = createRequire(import.meta.url)('ifsc/src/IFSC.json') as BranchList;
    branches = new Map(Object.entries(list).map(([bank, codes]) => [bank, new Set(codes)]));
  }
  return branches;
}

/** Whether a well-formed IFSC (`SBIN0001234`, upper case) names a branch on the list. */
export function isKnownIfsc(ifsc: string): boolean {
  const bank = loaded().get(ifsc.slice(0, 4));
  if (!bank || ifsc[4] !== '0') return false;
  const branch = ifsc.slice(5);
  return /^\d+$/.test(branch) ? bank.has(Number(branch)) : bank.has(branch);
}
