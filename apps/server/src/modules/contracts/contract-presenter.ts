import type { ContractDetail, Language } from '@lend/contracts';
import { formatAnnualRate, formatDateTime, formatRatePercent } from '@lend/domain';
import { annualInterestPpm } from '../products';
import { contractClauses } from './contract-clauses';
import type { BorrowerParticulars, ContractTerms, DraftContract, SignedContract } from './contract-service';
import { contractText } from './contract-texts';

/** The cover box's rates as the borrower reads them; a rate the stored terms lack is left empty. */
function coverDetail(contract: ContractTerms): ContractDetail['cover'] {
  const { annualCost, interestPerDayPpm, commissionPpm } = contract.cover;
  return {
    annualCostKind: annualCost?.kind ?? (contract.market === 'MX' ? 'CAT' : 'APR'),
    annualCost: annualCost ? formatAnnualRate(annualCost.rate) : '',
    interestRate: interestPerDayPpm === null ? '' : formatRatePercent(annualInterestPpm(interestPerDayPpm)),
    commissionRate: commissionPpm === null ? '' : formatRatePercent(commissionPpm),
  };
}

/** The account the loan is paid out to, as a contract shows it: the bank and the last 4 digits only. */
function bankAccountLine({ payoutAccount }: BorrowerParticulars): string {
  return payoutAccount ? `${payoutAccount.bankName} •••• ${payoutAccount.accountNumber.slice(-4)}` : '';
}

/** The borrower's address on one line. */
function addressLine({ address }: BorrowerParticulars): string {
  if (!address) return '';
  return [address.line1, address.line2, address.city, `${address.state} ${address.postalCode}`].filter((part) => part).join(', ');
}

/** What a signed contract and a draft show alike: the parties, the money and the payment table. */
function termsDetail(contract: ContractTerms) {
  return {
    userName: contract.borrowerName,
    productName: contract.productName,
    amount: contract.principalMinor,
    bankNo: bankAccountLine(contract.particulars),
    planDate: contract.plan.at(-1)?.dueDate ?? '',
    contractAmount: contract.totalRepayableMinor,
    commission: contract.commissionMinor,
    Interest: contract.interestMinor,
    discount: contract.discountMinor,
    IVA: contract.taxMinor,
    giveAmount: contract.disbursalMinor,
    userAddress: addressLine(contract.particulars),
    company: contract.company,
    termDays: contract.termDays,
    periods: contract.periods,
    cover: coverDetail(contract),
    plans: contract.plan.map((i) => ({
      period: i.seq,
      dueDate: i.dueDate,
      principal: i.principalMinor,
      interest: i.interestMinor,
      IVA: i.taxMinor,
      amount: i.amountMinor,
    })),
  };
}

/**
 * The contract screen for the borrower. A signed contract is shown in the language it was agreed
 * in, with the clauses exactly as stored; a draft is written now in the borrower's language.
 */
export function presentContract(contract: SignedContract | DraftContract, language: Language): ContractDetail {
  const terms = termsDetail(contract);
  if (contract.state === 'signed') {
    return {
      state: 'signed',
      orderNo: contract.orderNo,
      market: contract.market,
      language: contract.language,
      ...terms,
      daiDate: contract.paidOutOn ?? '',
      contractDate: formatDateTime(contract.agreedAt, contract.market),
      clauses: contract.clauses,
      textHash: contract.textHash,
    };
  }
  const parties = { orderNo: contractText(language, 'contract.pendingNo'), company: contract.company, userName: contract.borrowerName, productName: contract.productName };
  return {
    state: 'draft',
    orderNo: '',
    market: contract.market,
    language,
    ...terms,
    daiDate: contract.today,
    contractDate: contract.today,
    clauses: contractClauses(language, parties, contract.pricing, contract.quote),
    textHash: '',
  };
}
