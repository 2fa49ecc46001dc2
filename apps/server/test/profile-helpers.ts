import { CONSENT_KINDS, CONSENT_TEXT_VERSIONS, ERROR_MESSAGES, MACHINE_BASE, OPERATOR_BASE, OperatorPath, ProfilePath, type CertificationInfo, type ErrorCodeValue, type PhoneMarket } from '@lend/contracts';
import { clabeCheckDigit } from '@lend/domain';
import { images, multipartBody } from './factories';
import { sessionQuery, TEST_OPERATOR_TOKEN, type BorrowerSession, type TestApp } from './helper';

export type Envelope<T = unknown> = { code: number; message: string; data: T };
export type Borrower = BorrowerSession & { market: PhoneMarket; language: '1' | '2' };

/** Gloria Hernández García's identity, with the CURP RENAPO publishes for her. */
export const GLORIA = { givenNames: 'Gloria', firstSurname: 'Hernández', secondSurname: 'García', birthDate: '1956-04-27', nationalId: 'HEGG560427MVZRRL04' };
export const PRIYA = { givenNames: 'Priya', firstSurname: 'Sharma', birthDate: '1992-08-15', nationalId: 'ABCPS1234F', aadhaarLast4: '4321' };
export const MX_ADDRESS = { line1: 'Av. Insurgentes Sur 1602', city: 'Ciudad de México', state: 'CDMX', postalCode: '03940' };
export const IN_ADDRESS = { line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' };
export const MX_EMPLOYMENT = { employment: 'employed', employerName: 'Tiendas del Centro', monthlyIncomeMinor: 1_500_000, monthlyDebtPaymentsMinor: 200_000 };
export const IN_EMPLOYMENT = { employment: 'self-employed', monthlyIncomeMinor: 4_000_000 };

/** A CLABE of `bank` with its check digit worked out. */
export function clabe(bank: string, account = '18000011835971'): string {
  const first17 = `${bank}${account}`;
  return `${first17}${clabeCheckDigit(first17)}`;
}

export const refusal = (code: ErrorCodeValue, language: 'en' | 'es') => ({ code, message: ERROR_MESSAGES[code][language], data: null });

let phoneSeq = 0;

/**
 * The payout account `certify` binds: the borrower's own (an account another borrower holds refers
 * the application to an officer: docs/decisions/228), its last four digits in India always 6789.
 */
export function certifiedAccountOf(who: { userId: string; market: PhoneMarket }) {
  return who.market === 'MX'
    ? { holderName: 'Gloria Hernández García', clabe: clabe('012', `180${who.userId.padStart(11, '0')}`) }
    : { holderName: 'PRIYA SHARMA', ifsc: 'SBIN0001234', accountNumber: `5010${who.userId.padStart(6, '0')}6789` };
}

/** A new borrower of the market with a session; Mexico's speak Spanish (2), India's English (1). */
export async function newBorrower(t: TestApp, market: PhoneMarket): Promise<Borrower> {
  phoneSeq += 1;
  const phone = market === 'MX' ? `55${String(10_000_000 + phoneSeq * 7919).slice(-8)}` : `98${String(10_000_000 + phoneSeq * 7919).slice(-8)}`;
  const response = await t.app.inject({
    method: 'POST',
    url: `${OPERATOR_BASE}${OperatorPath.createSession}`,
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    payload: { phone, market },
  });
  const body = response.json<Envelope<BorrowerSession>>();
  if (body.code !== 0) throw new Error(`session create failed: ${response.body}`);
  return { ...body.data, market, language: market === 'MX' ? '2' : '1' };
}

export function profileCalls(t: () => TestApp) {
  async function call<T = CertificationInfo>(who: Borrower, path: string, body: Record<string, unknown> = {}, language: string = who.language) {
    const response = await t().app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${path}?${sessionQuery(who, { language, clientType: 'android', deviceId: 'dev-1' })}`,
      payload: body,
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  }

  async function upload(who: Borrower, kind: string, bytes?: Uint8Array, language: string = who.language) {
    const form = multipartBody('image', 'photo.jpg', bytes ?? (await images.png()));
    const response = await t().app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${ProfilePath.image}/${kind}?${sessionQuery(who, { language })}`,
      headers: { 'content-type': form.contentType },
      payload: form.payload,
    });
    return { status: response.statusCode, body: response.json<Envelope<CertificationInfo | null>>() };
  }

  function consentAll(who: Borrower, kinds: readonly string[] = CONSENT_KINDS) {
    return call(who, ProfilePath.consents, { items: kinds.map((kind) => ({ kind, version: CONSENT_TEXT_VERSIONS[who.market][kind as (typeof CONSENT_KINDS)[number]] })) });
  }

  /** Every certification step of the market's example borrower, each expected to pass. */
  async function certify(who: Borrower) {
    const steps = who.market === 'MX'
      ? [[ProfilePath.identity, GLORIA], [ProfilePath.address, MX_ADDRESS], [ProfilePath.employment, MX_EMPLOYMENT]]
      : [[ProfilePath.identity, PRIYA], [ProfilePath.address, IN_ADDRESS], [ProfilePath.employment, IN_EMPLOYMENT]];
    for (const [path, body] of steps as [string, Record<string, unknown>][]) {
      const answer = await call(who, path, body);
      if (answer.body.code !== 0) throw new Error(`${path} failed: ${JSON.stringify(answer.body)}`);
    }
    for (const kind of ['id-front', 'id-back', 'selfie']) {
      const answer = await upload(who, kind);
      if (answer.body.code !== 0) throw new Error(`${kind} failed: ${JSON.stringify(answer.body)}`);
    }
    await consentAll(who);
    const bound = await call(who, ProfilePath.payoutBind, certifiedAccountOf(who));
    if (bound.body.code !== 0) throw new Error(`bind failed: ${JSON.stringify(bound.body)}`);
    return (await call(who, ProfilePath.certificationInfo)).body.data;
  }

  return { call, upload, consentAll, certify };
}
