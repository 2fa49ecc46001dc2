import { isText, page, refusal, rzpId, type Answer, type StandInRequest } from './razorpayx-stand-in-http';

export type StandInContact = { id: string; entity: 'contact'; name: string; contact: string | null; email: string | null; type: string; reference_id: string | null; batch_id: null; active: true; notes: unknown; created_at: number };
export type StandInFundAccount = {
  id: string;
  entity: 'fund_account';
  contact_id: string;
  account_type: 'bank_account';
  bank_account: { ifsc: string; bank_name: string; name: string; notes: []; account_number: string };
  batch_id: null;
  active: true;
  created_at: number;
};
export type StandInValidation = {
  id: string;
  entity: 'fund_account.validation';
  fund_account: StandInFundAccount;
  status: 'created' | 'completed' | 'failed';
  amount: number;
  currency: 'INR';
  notes: unknown;
  results: { account_status: 'active' | 'invalid' | null; registered_name: string | null };
  created_at: number;
  utr: string | null;
};

/** Contacts, fund accounts and their validations, and what the banks say of each account number. */
export type AccountsState = {
  accountNumber: string;
  contacts: StandInContact[];
  fundAccounts: StandInFundAccount[];
  validations: StandInValidation[];
  /** Account numbers the banks know, with the holder's registered name; any other is invalid. */
  banks: Map<string, string>;
  /** The read of a new validation on which it completes (0: it completes when made). */
  validationReads: number;
  /** Reads left of each validation still `created`. */
  readsLeft: Map<string, number>;
};

const CONTACT_TYPES = ['vendor', 'customer', 'employee', 'self'];
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const NAME = /^[A-Za-z0-9 '’,\-_/().]*[A-Za-z0-9.]$/;
const nullable = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function complete(state: AccountsState, validation: StandInValidation): void {
  const registered = state.banks.get(validation.fund_account.bank_account.account_number);
  validation.status = 'completed';
  validation.utr = registered === undefined ? null : `STAND${validation.created_at}`;
  validation.results = registered === undefined ? { account_status: 'invalid', registered_name: null } : { account_status: 'active', registered_name: registered };
}

/** A read of a validation: one still `created` completes once it has been read as often as set. */
function read(state: AccountsState, validation: StandInValidation): StandInValidation {
  const left = state.readsLeft.get(validation.id);
  if (validation.status === 'created' && left !== undefined) {
    if (left <= 1) {
      state.readsLeft.delete(validation.id);
      complete(state, validation);
    } else state.readsLeft.set(validation.id, left - 1);
  }
  return validation;
}

/** A contact exists already when every one of name, email, contact, type and reference id is the same: that one is answered. */
function createContact(state: AccountsState, { body, now }: StandInRequest): Answer {
  if (!isText(body.name, 3, 50) || !NAME.test(body.name)) return refusal(400, 'The name field is invalid.', 'name');
  if (typeof body.type !== 'string' || !CONTACT_TYPES.includes(body.type)) return refusal(400, `Invalid type: ${String(body.type)}`, 'type');
  if (body.reference_id !== undefined && !isText(body.reference_id, 1, 40)) return refusal(400, 'The reference id may not be greater than 40 characters.', 'reference_id');
  const wanted = { name: body.name, contact: nullable(body.contact), email: nullable(body.email), type: body.type, reference_id: nullable(body.reference_id) };
  const existing = state.contacts.find((contact) => (Object.keys(wanted) as (keyof typeof wanted)[]).every((key) => contact[key] === wanted[key]));
  if (existing) return { status: 200, body: existing };
  const contact: StandInContact = { id: rzpId('cont'), entity: 'contact', ...wanted, batch_id: null, active: true, notes: body.notes ?? [], created_at: now };
  state.contacts.push(contact);
  return { status: 201, body: contact };
}

/** The same bank account of the same contact is answered as the fund account it already is. */
function createFundAccount(state: AccountsState, { body, now }: StandInRequest): Answer {
  if (!state.contacts.some((contact) => contact.id === body.contact_id)) return refusal(400, 'The id provided does not exist', 'contact_id');
  if (body.account_type !== 'bank_account') return refusal(400, 'Invalid account type: only bank_account is taken here.', 'account_type');
  const bank = typeof body.bank_account === 'object' && body.bank_account !== null ? (body.bank_account as Record<string, unknown>) : {};
  if (!isText(bank.name, 3, 120) || !NAME.test(bank.name)) return refusal(400, 'The name field is invalid.', 'name');
  if (typeof bank.ifsc !== 'string' || !IFSC.test(bank.ifsc)) return refusal(400, 'Invalid IFSC Code in Bank Account', 'ifsc');
  if (typeof bank.account_number !== 'string' || !/^[A-Za-z0-9]{5,35}$/.test(bank.account_number)) return refusal(400, 'The account number must be between 5 and 35 characters.', 'account_number');
  const { name, ifsc, account_number: accountNumber } = bank;
  const existing = state.fundAccounts.find(
    (account) => account.contact_id === body.contact_id && account.bank_account.ifsc === ifsc && account.bank_account.account_number === accountNumber && account.bank_account.name === name,
  );
  if (existing) return { status: 200, body: existing };
  const account: StandInFundAccount = {
    id: rzpId('fa'),
    entity: 'fund_account',
    contact_id: String(body.contact_id),
    account_type: 'bank_account',
    bank_account: { ifsc, bank_name: ifsc.slice(0, 4), name, notes: [], account_number: accountNumber },
    batch_id: null,
    active: true,
    created_at: now,
  };
  state.fundAccounts.push(account);
  return { status: 201, body: account };
}

function createValidation(state: AccountsState, { body, now }: StandInRequest): Answer {
  if (body.account_number !== state.accountNumber) return refusal(400, 'The account number is invalid.', 'account_number');
  const fundAccountId = typeof body.fund_account === 'object' && body.fund_account !== null ? (body.fund_account as Record<string, unknown>).id : undefined;
  const fundAccount = state.fundAccounts.find((account) => account.id === fundAccountId);
  if (!fundAccount) return refusal(400, 'The id provided does not exist', 'fund_account.id');
  if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) return refusal(400, 'The amount must be an integer of at least 100.', 'amount');
  if (body.currency !== 'INR') return refusal(400, 'The currency must be INR.', 'currency');
  const validation: StandInValidation = {
    id: rzpId('fav'),
    entity: 'fund_account.validation',
    fund_account: fundAccount,
    status: 'created',
    amount: body.amount,
    currency: 'INR',
    notes: body.notes ?? [],
    results: { account_status: null, registered_name: null },
    created_at: now,
    utr: null,
  };
  state.validations.push(validation);
  if (state.validationReads === 0) complete(state, validation);
  else state.readsLeft.set(validation.id, state.validationReads);
  return { status: 201, body: validation };
}

/** `/v1/contacts`, `/v1/fund_accounts` and `/v1/fund_accounts/validations[/:id]`; undefined for any other address. */
export function accountsRoute(state: AccountsState, request: StandInRequest): Answer | undefined {
  const { method, url } = request;
  if (method === 'POST' && url.pathname === '/v1/contacts') return createContact(state, request);
  if (method === 'POST' && url.pathname === '/v1/fund_accounts') return createFundAccount(state, request);
  if (method === 'POST' && url.pathname === '/v1/fund_accounts/validations') return createValidation(state, request);
  if (method === 'GET' && url.pathname === '/v1/fund_accounts/validations') {
    if (url.searchParams.get('account_number') !== state.accountNumber) return refusal(400, 'The account number field is required.', 'account_number');
    const answer = page(state.validations, url);
    const listed = (answer.body as { items?: StandInValidation[] }).items ?? [];
    for (const validation of listed) read(state, validation);
    return answer;
  }
  const one = /^\/v1\/fund_accounts\/validations\/([^/]+)$/.exec(url.pathname);
  if (method === 'GET' && one) {
    const validation = state.validations.find((item) => item.id === one[1]);
    return validation ? { status: 200, body: read(state, validation) } : refusal(400, 'The id provided does not exist', 'id');
  }
  return undefined;
}
