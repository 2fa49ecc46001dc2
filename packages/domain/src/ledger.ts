import type { AllocationLine } from './allocation';
import type { OrderBalance } from './balance';
import { assertMinorUnits, MoneyError, type MinorUnits } from './money';
import type { PayoffRebate } from './payoff';

/**
 * The accounts each order's ledger has (docs/decisions/072). Assets the borrower owes are
 * debit-normal; income, tax owed to the authority and what is owed to the borrower are
 * credit-normal. A posting is positive for a debit and negative for a credit.
 */
export const Account = {
  PrincipalReceivable: 'principal_receivable',
  InterestReceivable: 'interest_receivable',
  TaxReceivable: 'tax_receivable',
  LateChargesReceivable: 'late_charges_receivable',
  ExtensionFeeReceivable: 'extension_fee_receivable',
  /** The lender's own bank account: the payout leaves it, a transfer recorded by an operator arrives in it. */
  LenderCash: 'lender_cash',
  /** Collected by a payment provider and not yet settled to the lender. */
  CashInTransit: 'cash_in_transit',
  CommissionIncome: 'commission_income',
  InterestIncome: 'interest_income',
  LateChargeIncome: 'late_charge_income',
  ExtensionIncome: 'extension_income',
  TaxPayable: 'tax_payable',
  /** What the borrower paid beyond what was owed: owed back to them. */
  BorrowerCredit: 'borrower_credit',
  /** Balances of orders that were being repaid before the ledger existed. */
  OpeningBalance: 'opening_balance',
  /** Expense: the principal the lender gave up on, written off or waived by a settlement (docs/decisions/244). */
  CreditLosses: 'credit_losses',
  /** Income: money received on an order after it was written off (docs/decisions/244). */
  Recoveries: 'recoveries',
} as const;
export type AccountName = (typeof Account)[keyof typeof Account];
/** The whole chart: a posting to any other account is a mismatch the ledger check reports. */
export const ACCOUNT_NAMES: readonly AccountName[] = Object.values(Account);

export type Posting = { account: AccountName; amountMinor: MinorUnits };

/** Drops zero postings and refuses a set whose debits and credits differ. */
export function balanced(postings: readonly Posting[]): Posting[] {
  const kept = postings.filter((p) => assertMinorUnits(p.amountMinor, p.account) !== 0);
  const sum = kept.reduce((total, p) => total + p.amountMinor, 0);
  if (sum !== 0) throw new MoneyError(`postings do not balance: debits − credits = ${sum}`);
  return kept;
}

const debit = (account: AccountName, amountMinor: MinorUnits): Posting => ({ account, amountMinor });
const credit = (account: AccountName, amountMinor: MinorUnits): Posting => ({ account, amountMinor: -amountMinor });

/** The payout: the whole plan becomes receivable; the commission is kept from what is paid out. */
export function disbursalPostings(loan: {
  principalMinor: MinorUnits;
  commissionMinor: MinorUnits;
  /** Interest of the plan, after any coupon. */
  interestMinor: MinorUnits;
  taxMinor: MinorUnits;
}): Posting[] {
  return balanced([
    debit(Account.PrincipalReceivable, loan.principalMinor),
    debit(Account.InterestReceivable, loan.interestMinor),
    debit(Account.TaxReceivable, loan.taxMinor),
    credit(Account.LenderCash, loan.principalMinor - loan.commissionMinor),
    credit(Account.CommissionIncome, loan.commissionMinor),
    credit(Account.InterestIncome, loan.interestMinor),
    credit(Account.TaxPayable, loan.taxMinor),
  ]);
}

export function lateChargePostings(amountMinor: MinorUnits): Posting[] {
  return balanced([debit(Account.LateChargesReceivable, amountMinor), credit(Account.LateChargeIncome, amountMinor)]);
}

/**
 * Interest not yet earned, and its tax, taken off a loan paid off early. Tax on the commission left
 * unpaid by a look-up period exit is still owed to the authority: the lender pays it from the
 * commission it kept (docs/decisions/150).
 */
export function rebatePostings(rebates: readonly PayoffRebate[]): Posting[] {
  const interest = rebates.reduce((total, r) => total + r.interestMinor, 0);
  const tax = rebates.reduce((total, r) => total + r.taxMinor, 0);
  const commissionTax = rebates.reduce((total, r) => total + (r.commissionTaxMinor ?? 0), 0);
  return balanced([
    debit(Account.InterestIncome, interest),
    debit(Account.TaxPayable, tax - commissionTax),
    debit(Account.CommissionIncome, commissionTax),
    credit(Account.InterestReceivable, interest),
    credit(Account.TaxReceivable, tax),
  ]);
}

/** An extension's charge: the extra days' interest and its tax, charged as it is paid. */
export function extensionChargePostings(fee: { interestMinor: MinorUnits; taxMinor: MinorUnits }): Posting[] {
  return balanced([
    debit(Account.ExtensionFeeReceivable, fee.interestMinor + fee.taxMinor),
    credit(Account.ExtensionIncome, fee.interestMinor),
    credit(Account.TaxPayable, fee.taxMinor),
  ]);
}

const componentAccount: Record<AllocationLine['component'], AccountName> = {
  lateCharges: Account.LateChargesReceivable,
  tax: Account.TaxReceivable,
  interest: Account.InterestReceivable,
  principal: Account.PrincipalReceivable,
};

/**
 * Money received: it arrives where it was paid (a provider's collection or the lender's own
 * account) and clears what it paid, line by line; what exceeds everything owed is the borrower's.
 */
export function paymentPostings(payment: {
  amountMinor: MinorUnits;
  receivedInto: typeof Account.CashInTransit | typeof Account.LenderCash;
  extensionFeeMinor: MinorUnits;
  lines: readonly AllocationLine[];
  creditMinor: MinorUnits;
}): Posting[] {
  return balanced([
    debit(payment.receivedInto, payment.amountMinor),
    credit(Account.ExtensionFeeReceivable, payment.extensionFeeMinor),
    ...payment.lines.map((line) => credit(componentAccount[line.component], line.amountMinor)),
    credit(Account.BorrowerCredit, payment.creditMinor),
  ]);
}

/** What an order owes, part by part, as a write-off or a settlement's waiver takes it off the books. */
export type LossParts = { principalMinor: MinorUnits; interestMinor: MinorUnits; taxMinor: MinorUnits; lateChargesMinor: MinorUnits };

/** Everything `balance` still owes, part by part. */
export function lossPartsOf(balance: OrderBalance): LossParts {
  const sum = (pick: (i: OrderBalance['installments'][number]) => MinorUnits) =>
    balance.installments.reduce((total, installment) => total + pick(installment), 0);
  return {
    principalMinor: sum((i) => i.principalMinor),
    interestMinor: sum((i) => i.interestMinor),
    taxMinor: sum((i) => i.taxMinor),
    lateChargesMinor: balance.lateChargesMinor,
  };
}

export const lossTotal = (parts: LossParts): MinorUnits => parts.principalMinor + parts.interestMinor + parts.taxMinor + parts.lateChargesMinor;

/**
 * What the lender gives up on an order (docs/decisions/244), written off or waived by a settlement:
 * the principal is a credit loss; interest and late charges never collected are taken back out of
 * the income they were booked to, and their tax out of what is owed to the authority, since income
 * that will not be realised is not recognised (RBI's rule for non-performing assets, and Mexico's
 * tax on interest is owed as it is collected).
 */
export function lossPostings(parts: LossParts): Posting[] {
  return balanced([
    debit(Account.CreditLosses, parts.principalMinor),
    debit(Account.InterestIncome, parts.interestMinor),
    debit(Account.LateChargeIncome, parts.lateChargesMinor),
    debit(Account.TaxPayable, parts.taxMinor),
    credit(Account.PrincipalReceivable, parts.principalMinor),
    credit(Account.InterestReceivable, parts.interestMinor),
    credit(Account.LateChargesReceivable, parts.lateChargesMinor),
    credit(Account.TaxReceivable, parts.taxMinor),
  ]);
}

/**
 * Money received on a written-off order (docs/decisions/244): it still pays the borrower's debt line
 * by line, but nothing of it is receivable any more, so what it pays is a recovery; what exceeds the
 * debt is the borrower's.
 */
export function recoveryPostings(payment: {
  amountMinor: MinorUnits;
  receivedInto: typeof Account.CashInTransit | typeof Account.LenderCash;
  recoveredMinor: MinorUnits;
  creditMinor: MinorUnits;
}): Posting[] {
  return balanced([
    debit(payment.receivedInto, payment.amountMinor),
    credit(Account.Recoveries, payment.recoveredMinor),
    credit(Account.BorrowerCredit, payment.creditMinor),
  ]);
}

/**
 * What each receivable and the borrower's credit must hold for an order that owes `balance` and
 * holds `creditMinor` for the borrower (debit-positive, as the postings sum). An order not paid
 * out has no balances at all; a written-off one holds none on its receivables.
 */
export const CHECKED_ACCOUNTS = [
  Account.PrincipalReceivable,
  Account.InterestReceivable,
  Account.TaxReceivable,
  Account.LateChargesReceivable,
  Account.ExtensionFeeReceivable,
  Account.BorrowerCredit,
] as const;
export type CheckedAccount = (typeof CHECKED_ACCOUNTS)[number];

export function expectedAccountBalances(balance: OrderBalance, creditMinor: MinorUnits, writtenOff = false): Record<CheckedAccount, MinorUnits> {
  // A written-off order still owes its balance, off the books: its receivables hold nothing (docs/decisions/244).
  const parts = writtenOff ? { principalMinor: 0, interestMinor: 0, taxMinor: 0, lateChargesMinor: 0 } : lossPartsOf(balance);
  return {
    [Account.PrincipalReceivable]: parts.principalMinor,
    [Account.InterestReceivable]: parts.interestMinor,
    [Account.TaxReceivable]: parts.taxMinor,
    [Account.LateChargesReceivable]: parts.lateChargesMinor,
    [Account.ExtensionFeeReceivable]: 0,
    [Account.BorrowerCredit]: -creditMinor,
  };
}

/**
 * Credit sent back to the borrower (docs/decisions/119): it leaves what the provider holds for us
 * (a provider refund) or the lender's own account (a transfer made outside any provider).
 */
export function refundPostings(refund: { amountMinor: MinorUnits; paidFrom: typeof Account.CashInTransit | typeof Account.LenderCash }): Posting[] {
  return balanced([debit(Account.BorrowerCredit, refund.amountMinor), credit(refund.paidFrom, refund.amountMinor)]);
}

/** A refund the provider failed: the money never left, so the credit is the borrower's again. */
export function refundReversalPostings(refund: { amountMinor: MinorUnits; paidFrom: typeof Account.CashInTransit | typeof Account.LenderCash }): Posting[] {
  return balanced([debit(refund.paidFrom, refund.amountMinor), credit(Account.BorrowerCredit, refund.amountMinor)]);
}

/**
 * A payout the bank returned after it was paid (docs/decisions/155): the disbursal undone, posting
 * for posting, so the order's books are as before it was paid out.
 */
export function disbursalReversalPostings(loan: Parameters<typeof disbursalPostings>[0]): Posting[] {
  return balanced(disbursalPostings(loan).map((posting) => ({ account: posting.account, amountMinor: -posting.amountMinor })));
}

/** What the restatement leaves where it was: the money itself (cash, collected or opening), and the credit that takes the rest. */
const KEPT_ON_RESTATEMENT: ReadonlySet<AccountName> = new Set([Account.LenderCash, Account.CashInTransit, Account.OpeningBalance, Account.BorrowerCredit]);

/**
 * An order whose payout the bank returned after the borrower paid something, restated to what was
 * received (docs/decisions/224), once its disbursal is undone (`disbursalReversalPostings`): the
 * loan never reached the borrower, so nothing it earned or charged stands and nothing is owed on it.
 * Every receivable, income and tax account the order's ledger still holds (`balances`, debit-positive)
 * is brought to zero, and what they held of the borrower's payments is credited to the borrower.
 */
export function payoutRestatementPostings(balances: ReadonlyMap<string, MinorUnits>): Posting[] {
  const cleared = ACCOUNT_NAMES.filter((account) => !KEPT_ON_RESTATEMENT.has(account)).map((account) => ({ account, amountMinor: -(balances.get(account) ?? 0) }));
  const owedBack = cleared.reduce((total, posting) => total + posting.amountMinor, 0);
  return balanced([...cleared, { account: Account.BorrowerCredit, amountMinor: -owedBack }]);
}
