/**
 * Ledger: the double-entry book of every order's money (docs/decisions/072). Orders book the
 * payout and late charges into it, payments book what they apply; the ledger check and the
 * operator's ledger view read it. Owns ledger_entries and ledger_postings.
 */
export {
  accountBalances,
  entryCounts,
  extensionEntriesSince,
  insertEntries,
  insertEntry,
  listOrderPostings,
  ledgerOfOrderRange,
  paymentsBooked,
  type NewLedgerEntry,
  type OrderRangeLedger,
} from './ledger-repository';
