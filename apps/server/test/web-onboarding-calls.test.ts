import { CONSENT_KINDS, CONSENT_TEXT_VERSIONS, CreditPath, ErrorCode, ProfilePath, REQUIRED_CONSENTS, type ConsentTexts, type CreditApplication, type CreditStanding, type ProductSummary } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, GENEROUS_BORROWER_CAPS, type TestApp } from './helper';
import { productByCode } from './loan-helpers';
import { newBorrower, profileCalls } from './profile-helpers';

let t: TestApp;
const product: Record<'pesoFlex' | 'rupeeEasy', ProductSummary> = {} as never;

beforeAll(async () => {
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS });
  product.pesoFlex = await productByCode(t.app, 'peso-flex-91');
  product.rupeeEasy = await productByCode(t.app, 'rupee-easy-91');
});
afterAll(async () => t?.close());

const { call, certify } = profileCalls(() => t);

describe('the consent texts a borrower reads before accepting', () => {
  it('are the market’s, in the borrower’s language, naming the market’s lender, with the versions an acceptance must name', async () => {
    const mexican = await newBorrower(t, 'MX');
    const spanish = await call<ConsentTexts>(mexican, ProfilePath.consentTexts, {}, '2');
    expect(spanish.body.code).toBe(0);
    const items = spanish.body.data.items;
    expect(items.map((item) => item.kind)).toEqual([...CONSENT_KINDS]);
    for (const item of items) {
      expect(item.version).toBe(CONSENT_TEXT_VERSIONS.MX[item.kind]);
      expect(item.required).toBe(REQUIRED_CONSENTS.includes(item.kind));
      expect(item.body).not.toContain('{lender}');
    }
    const bureau = items.find((item) => item.kind === 'credit-bureau');
    expect(bureau).toMatchObject({ title: 'Consulta al buró de crédito', body: expect.stringContaining('Autorizo expresamente a Demo Préstamos México') });

    const indian = await newBorrower(t, 'IN');
    const english = await call<ConsentTexts>(indian, ProfilePath.consentTexts, {}, '1');
    const cic = english.body.data.items.find((item) => item.kind === 'credit-bureau');
    expect(cic).toMatchObject({ title: 'Credit information report', version: CONSENT_TEXT_VERSIONS.IN['credit-bureau'], body: expect.stringContaining('Demo Lending Finance Pvt. Ltd.') });
    expect(cic?.body).toContain('Credit Information Companies (Regulation) Act, 2005');

    // What was shown is what is accepted: the versions of the texts complete the step.
    const accepted = await call(indian, ProfilePath.consents, { items: english.body.data.items.filter((item) => item.required).map(({ kind, version }) => ({ kind, version })) });
    expect(accepted.body.data.steps.consents).toBe(true);
  });
});

describe('the standing decision read without applying', () => {
  const read = (who: Awaited<ReturnType<typeof newBorrower>>, productId: number, language = who.language) =>
    call<CreditStanding>(who, CreditPath.decision, { productId }, language);

  it('is none before applying, the approval after it (the same decision on every read), and none once a fact it stood on changed', async () => {
    const who = await newBorrower(t, 'IN');
    await certify(who);
    // A PAN of its own: the example borrower's would be another holder's, and referred.
    expect((await call(who, ProfilePath.identity, { givenNames: 'Priya', firstSurname: 'Sharma', birthDate: '1992-08-15', nationalId: `ABCPS${who.userId.padStart(4, '0').slice(-4)}F`, aadhaarLast4: '4321' })).body.code).toBe(0);
    expect((await read(who, product.rupeeEasy.id)).body).toMatchObject({
      code: 0,
      data: { product: { productId: product.rupeeEasy.id, market: 'IN', currency: 'INR', confirmUrl: '' }, profileComplete: true, application: null },
    });
    const applied = await call<CreditApplication>(who, CreditPath.apply, { productId: product.rupeeEasy.id });
    expect(applied.body.data.outcome).toBe('approved');
    const standing = await read(who, product.rupeeEasy.id);
    expect(standing.body.data.application).toEqual(applied.body.data);
    expect(standing.body.data.product.confirmUrl).toContain(`productId=${product.rupeeEasy.id}`);

    expect((await call(who, ProfilePath.employment, { employment: 'self-employed', monthlyIncomeMinor: 5_000_000 })).body.code).toBe(0);
    expect((await read(who, product.rupeeEasy.id)).body.data.application).toBeNull();
  });

  it('is a decline with its reasons in the borrower’s language until its wait ends, and refuses another market’s product', async () => {
    const who = await newBorrower(t, 'MX');
    await certify(who);
    await call(who, ProfilePath.employment, { employment: 'employed', employerName: 'Tienda', monthlyIncomeMinor: 300_000, monthlyDebtPaymentsMinor: 0 });
    await call<CreditApplication>(who, CreditPath.apply, { productId: product.pesoFlex.id });
    const spanish = await read(who, product.pesoFlex.id, '2');
    expect(spanish.body.data.application).toMatchObject({
      outcome: 'declined',
      reasons: [{ code: 'income_below_minimum', text: 'Su ingreso mensual es menor al mínimo de este producto.' }],
      reapplyOn: addDays(formatDate(new Date(), 'MX'), 30),
    });
    expect((await read(who, product.pesoFlex.id, '1')).body.data.application?.reasons[0]?.text).toBe('Your monthly income is below the minimum for this product.');
    expect((await read(who, product.rupeeEasy.id)).body.code).not.toBe(0);
    expect((await read(who, 999_999)).body.code).toBe(ErrorCode.NoOffer);
  });
});
