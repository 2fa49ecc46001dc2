import { AccountPath, AppRoute, ERROR_MESSAGES, ErrorCode, HashRoute, LanguageFlag, LOAN_STATUS_TEXT, LoanStatus, MACHINE_BASE, ProfilePath, type PhoneMarket, type ProductSummary } from '@lend/contracts';
import { clabeCheckDigit, curpCheckDigit } from '@lend/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, newVisitorAddress, openPage, screenLive, screenshot, sharedBrowser } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { createPromoTemplate, E2E_PROMO_TEMPLATE, operatorCliJsonLines, operatorCliLines } from './operator-cli';
import { ownServer } from './own-server';
import { PHOTO, runPhone } from './session';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();
const cli = (...args: string[]) => operatorCliLines(baseUrl, dataDir, args);
const cliJson = (...args: string[]) => operatorCliJsonLines(baseUrl, dataDir, args);

const [english, spanish] = LANGUAGE_CASES as [(typeof LANGUAGE_CASES)[number], (typeof LANGUAGE_CASES)[number]];
type LanguageCase = (typeof LANGUAGE_CASES)[number];
type Text = LanguageCase['text'];

/** The newest code the sandbox texted to a phone (E.164). */
const latestCode = (e164: string) => ((cliJson('sms', 'outbox', '--phone', e164) as { code: string }[]).at(-1)?.code ?? '');

/** A person of their own per phone: a CURP with its check digit from the phone's digits, or a PAN. */
function personOf(phone: string, market: PhoneMarket) {
  const digits = phone.slice(-4);
  if (market === 'IN') {
    const letter = (digit: string) => String.fromCharCode(65 + Number(digit));
    return { givenNames: 'Meera', firstSurname: 'Iyer', birthDate: '1988-03-14', nationalId: `${[...digits.slice(0, 3)].map(letter).join('')}PI${digits}${letter(digits.charAt(3))}`, holder: 'Meera Iyer' };
  }
  const consonants = 'BCDFGHJKLMNPQRSTVWXYZ';
  const inner = [...digits.slice(0, 3)].map((digit) => consonants.charAt(Number(digit) * 2)).join('');
  const first17 = `LOPM850312HDF${inner}${digits.charAt(3) || '0'}`;
  return { givenNames: 'Mario', firstSurname: 'López', secondSurname: 'Pérez', birthDate: '1985-03-12', nationalId: `${first17}${curpCheckDigit(first17)}`, holder: 'Mario López Pérez' };
}

function accountOf(phone: string, market: PhoneMarket): { clabe?: string; ifsc?: string; accountNumber?: string } {
  if (market === 'IN') return { ifsc: 'HDFC0001234', accountNumber: `5020${phone}` };
  const first17 = `012180${phone}1`;
  return { clabe: `${first17}${clabeCheckDigit(first17)}` };
}

/** One 360 px look at a screen: no sideways scrolling, axe clean, a screenshot to look at. */
async function look(page: Page, name: string): Promise<void> {
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, name);
}

async function stepShown(page: Page, text: Text, step: string): Promise<void> {
  // The server renders the step; the screen takes it over before anything is typed.
  await screenLive(page);
  await page.locator(`h2[data-step="${step}"]`).waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
    await screenshot(page, `debug-step-${step}`);
    throw error;
  });
  expect(await page.locator('h2[data-step]').textContent()).toContain(text[`onboarding.step.${step}` as keyof Text]);
}

const saveStep = (page: Page, text: Text) => page.getByRole('button', { name: text['onboarding.continue'] }).click();

/** Types the phone, asks for the code and signs in with the one texted to it. */
async function signIn(page: Page, text: Text, phone: string, e164: string): Promise<void> {
  await page.getByLabel(text['signIn.phone']).fill(phone);
  await page.getByRole('button', { name: text['signIn.sendCode'] }).click();
  await page.getByLabel(text['signIn.code']).waitFor();
  await page.getByLabel(text['signIn.code']).fill(latestCode(e164));
  await page.getByRole('button', { name: text['signIn.submit'] }).click();
}

/** Sends a photo through the "choose a photo" input, as a phone whose camera is refused would. */
async function sendPhoto(page: Page, text: Text, kind: string, name: string): Promise<void> {
  await page.locator(`[data-photo="${kind}"] [data-testid="photo-file"]`).setInputFiles({ name: `${kind}.png`, mimeType: 'image/png', buffer: PHOTO });
  await page.getByRole('img', { name: text['onboarding.photo.preview'] }).waitFor();
  await look(page, name);
  await page.getByRole('button', { name: text['onboarding.photo.send'] }).click();
}

/** Every onboarding step through the screens, each looked at, from identity to the end. */
async function walkOnboarding(page: Page, { text, language }: LanguageCase, market: PhoneMarket, phone: string): Promise<void> {
  const person = personOf(phone, market);
  const tag = `${market.toLowerCase()}-${language}`;
  await stepShown(page, text, 'identity');
  await page.getByLabel(text['onboarding.identity.givenNames']).fill(person.givenNames);
  await page.getByLabel(text[market === 'MX' ? 'onboarding.identity.firstSurname.MX' : 'onboarding.identity.firstSurname.IN']).fill(person.firstSurname);
  if (person.secondSurname) await page.getByLabel(text['onboarding.identity.secondSurname']).fill(person.secondSurname);
  await page.getByLabel(text['onboarding.identity.birthDate']).fill(person.birthDate);
  const nationalId = page.getByLabel(text[market === 'MX' ? 'onboarding.identity.curp' : 'onboarding.identity.pan']);
  if (market === 'MX') {
    // A CURP whose check digit is wrong is said next to it as it is typed, in the borrower's language.
    await nationalId.fill(`${person.nationalId.slice(0, 17)}${(Number(person.nationalId.slice(-1)) + 1) % 10}`);
    await expect.poll(() => nationalId.getAttribute('aria-invalid')).toBe('true');
    await look(page, `web-onboarding-identity-refused-${tag}`);
  } else {
    await page.getByLabel(text['onboarding.identity.aadhaar']).fill('9012');
  }
  await nationalId.fill(person.nationalId);
  await expect.poll(() => nationalId.getAttribute('aria-invalid')).toBeNull();
  await look(page, `web-onboarding-identity-${tag}`);
  await saveStep(page, text);

  await stepShown(page, text, 'address');
  await page.getByLabel(text['onboarding.address.line1']).fill(market === 'MX' ? 'Av. Juárez 100' : '14 Residency Road');
  await page.getByLabel(text['onboarding.address.city']).fill(market === 'MX' ? 'Guadalajara' : 'Bengaluru');
  await page.getByLabel(text['onboarding.address.state']).fill(market === 'MX' ? 'Jalisco' : 'Karnataka');
  await page.getByLabel(text['onboarding.address.postalCode']).fill(market === 'MX' ? '44100' : '560025');
  await look(page, `web-onboarding-address-${tag}`);
  await saveStep(page, text);

  await stepShown(page, text, 'employment');
  await page.getByLabel(text['onboarding.employment.kind']).selectOption('employed');
  await page.getByLabel(text['onboarding.employment.employer']).fill(market === 'MX' ? 'Comercial del Bajío' : 'Infosys');
  await page.getByLabel(fill(text['onboarding.employment.income'], { sign: market === 'MX' ? '$' : '₹' })).fill(market === 'MX' ? '15,000' : '40,000');
  await page.getByLabel(fill(text['onboarding.employment.debts'], { sign: market === 'MX' ? '$' : '₹' })).fill('0');
  await look(page, `web-onboarding-employment-${tag}`);
  await saveStep(page, text);

  for (const kind of ['id-front', 'id-back', 'selfie']) {
    await stepShown(page, text, kind);
    await sendPhoto(page, text, kind, `web-onboarding-${kind}-${tag}`);
  }

  await stepShown(page, text, 'consents');
  await page.locator('[data-consent]').first().waitFor();
  // Continuing without the required texts is refused on the page.
  await saveStep(page, text);
  await expect.poll(() => page.getByText(text['onboarding.consents.missing']).count()).toBe(1);
  for (const kind of ['privacy-notice', 'credit-bureau', 'e-signature']) {
    await page.locator(`[data-consent="${kind}"]`).getByRole('checkbox').check();
  }
  await look(page, `web-onboarding-consents-${tag}`);
  await saveStep(page, text);

  await stepShown(page, text, 'payout-account');
  const holder = page.getByLabel(text['onboarding.payout.holder']);
  // The profile's name is offered as the holder's.
  await expect.poll(() => holder.inputValue()).not.toBe('');
  const account = accountOf(phone, market);
  if (account.clabe !== undefined) {
    await page.getByLabel(text['onboarding.payout.clabe']).fill(account.clabe);
    await page.getByText(fill(text['onboarding.payout.bank'], { bank: 'BBVA MEXICO' })).waitFor();
  } else {
    await page.getByLabel(text['onboarding.payout.ifsc']).fill(account.ifsc ?? '');
    await page.getByText(fill(text['onboarding.payout.bank'], { bank: 'HDFC Bank' })).waitFor();
    await page.getByLabel(text['onboarding.payout.account'], { exact: true }).fill(account.accountNumber ?? '');
    await page.getByLabel(text['onboarding.payout.accountAgain']).fill(account.accountNumber ?? '');
  }
  await look(page, `web-onboarding-payout-${tag}`);
  await saveStep(page, text);
  // The saved account is shown back, its bank named and all but its last four digits hidden.
  const bound = page.getByTestId('payout-bound');
  await bound.waitFor();
  const whole = account.clabe ?? account.accountNumber ?? '';
  expect(await bound.textContent()).toContain(whole.slice(-4));
  expect(await bound.textContent()).not.toContain(whole);
  await look(page, `web-onboarding-payout-bound-${tag}`);
  await page.getByRole('button', { name: text['onboarding.continue'] }).click();
  await page.getByTestId('onboarding-done').waitFor();
  await look(page, `web-onboarding-done-${tag}`);
}

/** Applies on the apply screen and reads the decision it shows. */
async function applyAndSee(page: Page, text: Text, productName: string): Promise<string> {
  // The server renders the button; it applies once the screen has taken the page over.
  await screenLive(page);
  await page.getByRole('button', { name: fill(text['apply.submit'], { product: productName }) }).click();
  const decision = page.locator('[data-outcome]');
  await decision.waitFor();
  return (await decision.getAttribute('data-outcome')) ?? '';
}

/** Confirms the offered loan, the operator approves it, the bank pays it out; then the first repayment reference. */
async function borrowAndRepay(page: Page, { text, language }: LanguageCase, market: PhoneMarket): Promise<void> {
  const tag = `${market.toLowerCase()}-${language}`;
  await page.getByRole('button', { name: text['apply.approved.confirm'] }).click();
  await page.waitForURL((url) => url.pathname === AppRoute.loanConfirm);
  await screenLive(page);
  await page.getByRole('button', { name: text['loanConfirm.submit'] }).waitFor();
  await look(page, `web-journey-confirm-${tag}`);
  await page.getByRole('button', { name: text['loanConfirm.submit'] }).click();
  await page.waitForURL((url) => url.pathname === AppRoute.loanDetails);
  await screenLive(page);
  const orderNo = new URL(page.url()).searchParams.get('orderId') ?? '';
  const status = page.locator('.status');
  await expect.poll(() => status.getAttribute('data-status')).toBe(String(LoanStatus.UnderReview));

  cli('order', 'approve', orderNo);
  cli('payout', 'send');
  await page.reload();
  await screenLive(page);
  await expect.poll(() => status.getAttribute('data-status')).toBe(String(LoanStatus.Disbursing));
  await look(page, `web-journey-paying-out-${tag}`);
  cli('payout', 'sandbox', 'settle', orderNo);
  await page.reload();
  await screenLive(page);
  await expect.poll(() => status.getAttribute('data-status')).toBe(String(LoanStatus.Disbursed));
  expect(await page.locator('.status__title').textContent()).toBe(LOAN_STATUS_TEXT[LoanStatus.Disbursed][language].title);
  await look(page, `web-journey-paid-out-${tag}`);

  await page.getByRole('link', { name: text['loanDetails.repay'], exact: true }).click();
  await page.waitForURL((url) => url.pathname === AppRoute.repayment);
  const reference = page.getByTestId('repay-channels').getByTestId('channel-reference').first();
  await reference.waitFor();
  expect(await reference.getAttribute('data-code')).toMatch(/\S{6,}/);
  await look(page, `web-journey-repay-${tag}`);
}

const productsOf = (market: PhoneMarket) => (cliJson('product', 'list') as ProductSummary[]).filter((product) => product.market === market && product.active);

describe("the whole journey in a phone's browser, with no native app (docs/decisions/241)", () => {
  let pesoProduct: ProductSummary;
  let rupeeProduct: ProductSummary;
  beforeAll(() => {
    const [peso] = productsOf('MX');
    // A product repaid on the repayment screen, with its references (another pays by card on its own page).
    const rupee = productsOf('IN').find((product) => product.code === 'rupee-plus-180');
    if (!peso || !rupee) throw new Error('no products to borrow on');
    pesoProduct = peso;
    rupeeProduct = rupee;
  });

  it('in Spanish, a Mexican visitor registers on the promotion landing, onboards, is approved, borrows, is paid out and gets a reference', { timeout: 240_000 }, async () => {
    const { text } = spanish;
    const phone = runPhone('5510042501');
    const { id } = createPromoTemplate(baseUrl, dataDir, { ...E2E_PROMO_TEMPLATE, name: 'Web journey MX', market: 'MX' });
    const { context, page } = await openPage(browser(), newVisitorAddress());
    try {
      await page.goto(`${baseUrl}/#${HashRoute.downloadTemplate}?app_from=landing&user_from=fb&utm_tag=web&id=${id}&links_id=9&language=${LanguageFlag.Spanish}`);
      await page.getByTestId('captcha-image').waitFor();
      await page.getByLabel(text['promo.phone']).fill(phone);
      const sid = new URL((await page.getByTestId('captcha-image').getAttribute('src')) ?? '', baseUrl).searchParams.get('sid') ?? '';
      const answer = (JSON.parse(cli('captcha', 'answer', `--sid=${sid}`)[0] ?? '{}') as { answer: string }).answer;
      await page.getByLabel(text['promo.captcha'], { exact: true }).fill(answer);
      await page.getByTestId('send-code').click();
      await expect.poll(() => latestCode(`+52${phone}`)).toMatch(/^\d{6}$/);
      await page.getByLabel(text['promo.smsCode']).fill(latestCode(`+52${phone}`));
      await page.getByRole('button', { name: text['promo.register'], exact: true }).click();
      // Registered and signed in: the journey goes on in the browser.
      await page.getByRole('link', { name: text['promo.download.web'] }).click();
      await page.waitForURL((url) => url.pathname === AppRoute.webHome);
      await screenLive(page);
      const card = page.locator(`[data-product="${pesoProduct.id}"]`);
      await card.locator('[data-reason="profileIncomplete"]').waitFor();
      // Where the borrower is signed in: this browser, from the registration.
      await page.locator('[data-session][data-current="true"]').waitFor();
      expect(await page.locator('[data-session][data-current="true"]').textContent()).toContain(text['webHome.sessions.this']);
      await look(page, 'web-journey-home-newcomer-mx-es');
      await card.getByRole('link', { name: fill(text['webHome.completeProfileFor'], { product: pesoProduct.name }) }).click();
      await page.waitForURL((url) => url.pathname === AppRoute.onboarding);

      await walkOnboarding(page, spanish, 'MX', phone);
      await page.getByRole('link', { name: text['onboarding.done.apply'] }).click();
      await page.waitForURL((url) => url.pathname === AppRoute.apply);
      await look(page, 'web-journey-apply-mx-es');
      expect(await applyAndSee(page, text, pesoProduct.name)).toBe('approved');
      expect(await page.locator('.apply__ceiling').textContent()).toMatch(/^Puede pedir hasta \$[\d,]+\.\d{2}\.$/);
      await look(page, 'web-journey-approved-mx-es');
      // A reload shows the decision that stands; it does not apply again.
      await page.reload();
      await screenLive(page);
      await page.locator('[data-outcome="approved"]').waitFor();
      await borrowAndRepay(page, spanish, 'MX');
    } finally {
      await context.close();
    }
  });

  it('in English, an Indian visitor comes from the site, signs in, onboards, is approved, borrows, is paid out and gets a reference', { timeout: 240_000 }, async () => {
    const { text } = english;
    const phone = runPhone('9810042502');
    const { context, page } = await openPage(browser(), newVisitorAddress());
    try {
      await page.goto(`${baseUrl}/?market=IN&language=${LanguageFlag.English}`);
      await page.getByRole('link', { name: text['site.hero.apply'] }).first().click();
      await page.waitForURL((url) => url.pathname === AppRoute.signIn);
      await screenLive(page);
      expect(await page.getByLabel(text['signIn.market']).inputValue()).toBe('IN');
      await signIn(page, text, phone, `+91${phone}`);
      await page.waitForURL((url) => url.pathname === AppRoute.webHome);
      await screenLive(page);
      const card = page.locator(`[data-product="${rupeeProduct.id}"]`);
      await card.getByRole('link', { name: fill(text['webHome.completeProfileFor'], { product: rupeeProduct.name }) }).click();
      await page.waitForURL((url) => url.pathname === AppRoute.onboarding);

      await walkOnboarding(page, english, 'IN', phone);
      await page.getByRole('link', { name: text['onboarding.done.apply'] }).click();
      await page.waitForURL((url) => url.pathname === AppRoute.apply);
      expect(await applyAndSee(page, text, rupeeProduct.name)).toBe('approved');
      expect(await page.locator('.apply__ceiling').textContent()).toMatch(/^You can borrow up to ₹[\d,]+\.\d{2}\.$/);
      await look(page, 'web-journey-approved-in-en');
      await borrowAndRepay(page, english, 'IN');

      // The app on a phone is signed in too; signing out everywhere ends both.
      const app = JSON.parse(cli('session', 'create', '--phone', phone, '--market', 'IN', '--device', 'android-of-meera').find((line) => line.startsWith('{')) ?? '{}') as { userId: string; sessionId: string };
      await gotoScreen(page, `${baseUrl}${AppRoute.webHome}?language=${LanguageFlag.English}`);
      await expect.poll(() => page.locator('[data-session]').count()).toBe(2);
      await look(page, 'web-journey-home-borrower-in-en');
      await page.getByRole('button', { name: text['webHome.sessions.signOutAll'] }).click();
      await page.waitForURL((url) => url.pathname === AppRoute.signIn);
      const appCall = await fetch(`${baseUrl}${MACHINE_BASE}${AccountPath.sessions}?${new URLSearchParams({ userId: app.userId, sessionId: app.sessionId })}`, { method: 'POST' });
      expect(((await appCall.json()) as { code: number }).code).not.toBe(0);
    } finally {
      await context.close();
    }
  });
});

/** Completes a profile through the API as the native app does, then signs in in the browser with the phone. */
async function certifiedOnTheWeb(page: Page, text: Text, phone: string, market: PhoneMarket, language: string, tweak: (call: (path: string, body: unknown) => Promise<void>) => Promise<void> = async () => undefined): Promise<void> {
  await gotoScreen(page, `${baseUrl}${AppRoute.signIn}?market=${market}&language=${language}`);
  await signIn(page, text, phone, `${market === 'MX' ? '+52' : '+91'}${phone}`);
  await page.waitForURL((url) => url.pathname === AppRoute.webHome);
  // The browser's own session makes the calls, through its cookie.
  const call = async (path: string, body: unknown) => {
    const answer = await page.evaluate(
      async ({ url, payload }) => {
        const response = await fetch(url, payload instanceof Array ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
        return (await response.json()) as { code: number; message: string };
      },
      { url: `${MACHINE_BASE}${path}?language=${language}`, payload: body },
    );
    if (answer.code !== 0) throw new Error(`${path}: ${answer.message}`);
  };
  const person = personOf(phone, market);
  await call(ProfilePath.identity, { givenNames: person.givenNames, firstSurname: person.firstSurname, ...(person.secondSurname ? { secondSurname: person.secondSurname } : {}), birthDate: person.birthDate, nationalId: person.nationalId });
  await call(ProfilePath.address, market === 'MX' ? { line1: 'Calle 5 de Mayo 12', city: 'Puebla', state: 'Puebla', postalCode: '72000' } : { line1: '9 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode: '700016' });
  await call(ProfilePath.employment, { employment: 'employed', employerName: 'Tienda', monthlyIncomeMinor: 2_000_000, monthlyDebtPaymentsMinor: 0 });
  await tweak(call);
}

describe('a declined and a referred applicant on the web', () => {
  it('the declined one reads each reason and the day to apply again, in Spanish; the referred one what happens next, in English', { timeout: 180_000 }, async () => {
    const peso = productsOf('MX')[0];
    const rupee = productsOf('IN').find((product) => product.code === 'rupee-easy-91');
    if (!peso || !rupee) throw new Error('no products');
    const low = runPhone('5510042503');
    const { context, page } = await openPage(browser(), newVisitorAddress());
    try {
      await certifiedOnTheWeb(page, spanish.text, low, 'MX', LanguageFlag.Spanish, (call) => call(ProfilePath.employment, { employment: 'employed', employerName: 'Tienda', monthlyIncomeMinor: 300_000, monthlyDebtPaymentsMinor: 0 }));
      await finishProfileOnTheWeb(page, low, 'MX');
      await gotoScreen(page, `${baseUrl}${AppRoute.apply}?productId=${peso.id}&language=${LanguageFlag.Spanish}`);
      expect(await applyAndSee(page, spanish.text, peso.name)).toBe('declined');
      expect(await page.locator('[data-reason="income_below_minimum"]').textContent()).toBe('Su ingreso mensual es menor al mínimo de este producto.');
      expect(await page.locator('.apply__again').textContent()).toMatch(/^Puede solicitar de nuevo a partir del \d{4}-\d{2}-\d{2}\.$/);
      await look(page, 'web-journey-declined-mx-es');
      // Home says so, and leads back to the decision.
      await gotoScreen(page, `${baseUrl}${AppRoute.webHome}?language=${LanguageFlag.Spanish}`);
      await page.locator(`[data-product="${peso.id}"]`).getByRole('link', { name: fill(spanish.text['webHome.decisionOf'], { product: peso.name }) }).click();
      await page.locator('[data-outcome="declined"]').waitFor();
    } finally {
      await context.close();
    }

    // Two borrowers declaring one PAN: the second is referred to a credit officer.
    const first = runPhone('9810042504');
    const second = runPhone('9810042505');
    for (const phone of [first, second]) {
      const visit = await openPage(browser(), newVisitorAddress());
      try {
        await certifiedOnTheWeb(visit.page, english.text, phone, 'IN', LanguageFlag.English, async (call) => {
          const person = personOf(first, 'IN');
          await call(ProfilePath.identity, { givenNames: person.givenNames, firstSurname: person.firstSurname, birthDate: person.birthDate, nationalId: person.nationalId });
        });
        await finishProfileOnTheWeb(visit.page, phone, 'IN');
        if (phone === second) {
          await gotoScreen(visit.page, `${baseUrl}${AppRoute.apply}?productId=${rupee.id}&language=${LanguageFlag.English}`);
          expect(await applyAndSee(visit.page, english.text, rupee.name)).toBe('referred');
          expect(await visit.page.locator('[data-reason="duplicate_identity"]').count()).toBe(1);
          expect(await visit.page.locator('[data-outcome="referred"]').textContent()).toContain(fill(english.text['apply.referred.next'], {}).split('{')[0] ?? '');
          await look(visit.page, 'web-journey-referred-in-en');
        }
      } finally {
        await visit.context.close();
      }
    }
  });
});

/** The photos, consents and payout account through the browser's session, as the screens send them. */
async function finishProfileOnTheWeb(page: Page, phone: string, market: PhoneMarket): Promise<void> {
  const photo = PHOTO.toString('base64');
  const account = accountOf(phone, market);
  const person = personOf(phone, market);
  const answer = await page.evaluate(
    async ({ photo, imagePath, consentsPath, bindPath, market, account, holder }) => {
      const bytes = Uint8Array.from(atob(photo), (c) => c.charCodeAt(0));
      for (const kind of ['id-front', 'id-back', 'selfie']) {
        const form = new FormData();
        form.append('image', new Blob([bytes], { type: 'image/png' }), 'photo.png');
        await fetch(`${imagePath}/${kind}`, { method: 'POST', body: form });
      }
      const texts = (await (await fetch(consentsPath.replace('consents', 'consent-texts'), { method: 'POST' })).json()) as { data: { items: { kind: string; version: string }[] } };
      await fetch(consentsPath, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: texts.data.items.map(({ kind, version }) => ({ kind, version })) }) });
      const bound = await fetch(bindPath, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ holderName: holder, ...account }) });
      return { market, bound: ((await bound.json()) as { code: number }).code };
    },
    { photo, imagePath: `${MACHINE_BASE}${ProfilePath.image}`, consentsPath: `${MACHINE_BASE}${ProfilePath.consents}`, bindPath: `${MACHINE_BASE}${ProfilePath.payoutBind}`, market, account, holder: person.holder },
  );
  expect(answer.bound).toBe(0);
}

describe('faults on the way, each said in the borrower’s language with nothing half-saved', () => {
  let context: BrowserContext;
  let page: Page;

  it('a session that ends mid-step sends the borrower to sign in and back to the step, as they left it', { timeout: 120_000 }, async () => {
    const { text } = spanish;
    const phone = runPhone('5510042506');
    ({ context, page } = await openPage(browser(), newVisitorAddress()));
    try {
      await gotoScreen(page, `${baseUrl}${AppRoute.signIn}?next=${encodeURIComponent(`${AppRoute.onboarding}?language=${LanguageFlag.Spanish}`)}&language=${LanguageFlag.Spanish}`);
      await signIn(page, text, phone, `+52${phone}`);
      await page.waitForURL((url) => url.pathname === AppRoute.onboarding);
      await stepShown(page, text, 'identity');
      await page.getByLabel(text['onboarding.identity.givenNames']).fill('Mario');
      await page.getByLabel(text['onboarding.identity.firstSurname.MX']).fill('López');
      // The session ends (signed out elsewhere, expired): saving says so and offers to sign in again.
      await context.clearCookies();
      await saveStep(page, text);
      await page.getByTestId('way-on').getByRole('button', { name: text['wayOn.signIn'] }).waitFor();
      await look(page, 'web-onboarding-session-ended-mx-es');
      await page.getByTestId('way-on').getByRole('button', { name: text['wayOn.signIn'] }).click();
      await page.waitForURL((url) => url.pathname === AppRoute.signIn);
      await screenLive(page);
      await signIn(page, text, phone, `+52${phone}`);
      await page.waitForURL((url) => url.pathname === AppRoute.onboarding);
      await stepShown(page, text, 'identity');
      expect(await page.getByLabel(text['onboarding.identity.givenNames']).inputValue()).toBe('Mario');
      expect(await page.getByLabel(text['onboarding.identity.firstSurname.MX']).inputValue()).toBe('López');
    } finally {
      await context.close();
    }
  });

  it('a file that is not a photo, and one too large, are refused before sending; a dropped connection is retried and one photo is kept', { timeout: 120_000 }, async () => {
    const { text } = english;
    const phone = runPhone('9810042507');
    ({ context, page } = await openPage(browser(), newVisitorAddress()));
    try {
      await certifiedOnTheWeb(page, text, phone, 'IN', LanguageFlag.English);
      await gotoScreen(page, `${baseUrl}${AppRoute.onboarding}?language=${LanguageFlag.English}`);
      await stepShown(page, text, 'id-front');
      // The camera and the phone's photos are both offered: a refused camera leaves the picker.
      expect(await page.locator('[data-photo="id-front"] input[type="file"][capture="environment"]').count()).toBe(1);
      expect(await page.locator('[data-photo="id-front"] input[type="file"]:not([capture])').count()).toBe(1);
      const picker = page.locator('[data-photo="id-front"] [data-testid="photo-file"]');
      await picker.setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is a text file, not a photo') });
      await page.getByText(text['onboarding.photo.notImage']).waitFor();
      await look(page, 'web-onboarding-photo-not-image-in-en');
      await picker.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(41 * 1024 * 1024, 1) });
      await page.getByText(text['onboarding.photo.tooLarge']).waitFor();

      // The first upload is cut off before it reaches the server; the screen sends it again by itself.
      let reached = 0;
      let cut = false;
      await page.route(`**${MACHINE_BASE}${ProfilePath.image}/id-front*`, async (route) => {
        if (!cut) {
          cut = true;
          await route.abort('internetdisconnected');
          return;
        }
        reached += 1;
        await route.continue();
      });
      await picker.setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PHOTO });
      await page.getByRole('button', { name: text['onboarding.photo.send'] }).click();
      await stepShown(page, text, 'id-back');
      expect({ cut, reached }).toEqual({ cut: true, reached: 1 });
      // The borrower's data download lists the photos kept: one of the front.
      const myData = await page.evaluate(async (url) => (await fetch(url, { method: 'POST' })).text(), `${MACHINE_BASE}/v3/privacy/my-data`);
      expect(myData.match(/"kind":"id-front"/g)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('the back button returns to a saved step without sending it again; two tabs applying at once get one decision', { timeout: 180_000 }, async () => {
    const { text } = spanish;
    const phone = runPhone('5510042508');
    ({ context, page } = await openPage(browser(), newVisitorAddress()));
    try {
      await gotoScreen(page, `${baseUrl}${AppRoute.signIn}?next=${encodeURIComponent(`${AppRoute.onboarding}?language=${LanguageFlag.Spanish}`)}&language=${LanguageFlag.Spanish}`);
      await signIn(page, text, phone, `+52${phone}`);
      await page.waitForURL((url) => url.pathname === AppRoute.onboarding);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes(ProfilePath.identity)) sent.push(request.url());
      });
      await stepShown(page, text, 'identity');
      const person = personOf(phone, 'MX');
      await page.getByLabel(text['onboarding.identity.givenNames']).fill(person.givenNames);
      await page.getByLabel(text['onboarding.identity.firstSurname.MX']).fill(person.firstSurname);
      await page.getByLabel(text['onboarding.identity.secondSurname']).fill(person.secondSurname ?? '');
      await page.getByLabel(text['onboarding.identity.birthDate']).fill(person.birthDate);
      await page.getByLabel(text['onboarding.identity.curp']).fill(person.nationalId);
      // A double tap sends the step once.
      await page.getByRole('button', { name: text['onboarding.continue'] }).dblclick();
      await stepShown(page, text, 'address');
      await page.goBack();
      await stepShown(page, text, 'identity');
      await page.getByText(text['onboarding.saved']).waitFor();
      await look(page, 'web-onboarding-back-mx-es');
      await page.goForward();
      await stepShown(page, text, 'address');
      expect(sent).toHaveLength(1);

      // The rest of the profile as the app sends it, then two tabs apply at once.
      await page.evaluate(
        async ({ address, employment }) => {
          await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ line1: 'Calle 1', city: 'León', state: 'Guanajuato', postalCode: '37000' }) });
          await fetch(employment, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ employment: 'employed', employerName: 'Tienda', monthlyIncomeMinor: 2_000_000, monthlyDebtPaymentsMinor: 0 }) });
        },
        { address: `${MACHINE_BASE}${ProfilePath.address}`, employment: `${MACHINE_BASE}${ProfilePath.employment}` },
      );
      await finishProfileOnTheWeb(page, phone, 'MX');
      const peso = productsOf('MX')[0];
      if (!peso) throw new Error('no product');
      const other = await context.newPage();
      const applyAt = `${baseUrl}${AppRoute.apply}?productId=${peso.id}&language=${LanguageFlag.Spanish}`;
      await Promise.all([gotoScreen(page, applyAt), gotoScreen(other, applyAt)]);
      const button = (tab: Page) => tab.getByRole('button', { name: fill(text['apply.submit'], { product: peso.name }) });
      await Promise.all([button(page).waitFor(), button(other).waitFor()]);
      await Promise.all([button(page).click(), button(other).click()]);
      const decisions = await Promise.all([page, other].map(async (tab) => {
        await tab.locator('[data-decision]').waitFor();
        return tab.locator('[data-decision]').getAttribute('data-decision');
      }));
      expect(decisions[0]).toBe(decisions[1]);
    } finally {
      await context.close();
    }
  });

  it('a code asked for on another device opens nothing here, and five wrong codes lock the code', { timeout: 120_000 }, async () => {
    const { text } = english;
    const phone = runPhone('9810042509');
    const e164 = `+91${phone}`;
    // The borrower's own phone, signed in before, asks for a code of its own.
    cli('session', 'create', '--phone', phone, '--market', 'IN', '--device', 'phone-of-the-owner');
    const asked = await fetch(`${baseUrl}${MACHINE_BASE}${AccountPath.sendCode}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newVisitorAddress() },
      body: JSON.stringify({ phone, market: 'IN', deviceId: 'phone-of-the-owner' }),
    });
    expect(((await asked.json()) as { code: number }).code).toBe(0);
    const theirs = latestCode(e164);

    ({ context, page } = await openPage(browser(), newVisitorAddress()));
    try {
      await gotoScreen(page, `${baseUrl}${AppRoute.signIn}?language=${LanguageFlag.English}`);
      await page.getByLabel(text['signIn.phone']).fill(phone);
      await page.getByRole('button', { name: text['signIn.sendCode'] }).click();
      const codeField = page.getByLabel(text['signIn.code']);
      await codeField.waitFor();
      const mine = latestCode(e164);
      const problem = page.locator('#sign-in-code-problem');
      const submit = page.getByRole('button', { name: text['signIn.submit'] });
      await codeField.fill(theirs);
      await submit.click();
      // Only this browser's own code is judged: another device's is just a wrong code here.
      await expect.poll(() => problem.textContent()).toBe(ERROR_MESSAGES[ErrorCode.AccountCodeWrong].en);

      const wrong = `${mine.slice(0, 5)}${(Number(mine.at(-1)) + 1) % 10}`;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await codeField.fill(wrong === theirs ? `${wrong.slice(0, 4)}00` : wrong);
        await submit.click();
        await expect.poll(() => submit.isEnabled()).toBe(true);
      }
      await codeField.fill(mine);
      await submit.click();
      await expect.poll(() => problem.textContent()).toBe(ERROR_MESSAGES[ErrorCode.AccountCodeLocked].en);
      expect(new URL(page.url()).pathname).toBe(AppRoute.signIn);
      await look(page, 'web-sign-in-locked-in-en');
    } finally {
      await context.close();
    }
    // This browser's tries never reached the owner's code: it still opens the owner's session.
    const opened = await fetch(`${baseUrl}${MACHINE_BASE}${AccountPath.signIn}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newVisitorAddress() },
      body: JSON.stringify({ phone, market: 'IN', code: theirs, deviceId: 'phone-of-the-owner' }),
    });
    expect(((await opened.json()) as { code: number }).code).toBe(0);
  });
});
