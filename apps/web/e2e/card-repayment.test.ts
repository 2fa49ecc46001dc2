import {
  AppRoute,
  CARD_REPAYMENT_BASE,
  cardEnvelopeSchema,
  CardRepaymentPath,
  DEV_PREVIEW_DEFAULTS_PATH,
  ERROR_MESSAGES,
  ErrorCode,
  HashRoute,
  MACHINE_BASE,
  previewDefaultsSchema,
  repaymentWayDataSchema,
  SandboxTestCard,
  type PhoneMarket,
  type ProductSummary,
  type SandboxTestCardKind,
} from '@lend/contracts';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeMessages, recordBridgeMessages } from './bridge-recorder';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, openPage, screenshot, sharedBrowser } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { operatorCliLinesAsync } from './operator-cli';
import { paidOutBorrower, runPhone } from './session';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const repaymentWayEnvelope = cardEnvelopeSchema(repaymentWayDataSchema);
const browser = sharedBrowser();

/** Every JSON line an operator command prints. */
const cli = async (...args: string[]) =>
  (await operatorCliLinesAsync(baseUrl, dataDir, args)).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as unknown);

/** One borrower and one repayable order per test and language, so no test sees another's payments. */
const FLOWS = {
  en: { market: 'IN', product: 'rupee-plus-180', phones: { newCard: runPhone('9810008311'), code: runPhone('9810008312'), decline: runPhone('9810008313'), redirect: runPhone('9810008314') } },
  es: { market: 'MX', product: 'peso-plus-120', phones: { newCard: runPhone('5510008321'), code: runPhone('5510008322'), decline: runPhone('5510008323'), redirect: runPhone('5510008324') } },
} as const;
type FlowName = keyof (typeof FLOWS)['en']['phones'];
/** The test card each borrower has saved before its test starts (the new-card flow adds its own). */
const SAVED_CARD: Partial<Record<FlowName, SandboxTestCardKind>> = { code: 'code', decline: 'decline' };

type Borrower = { phone: string; userId: string; sessionId: string; productId: string; orderNo: string };

/** A borrower with an order paid out and being repaid, with a saved test card when the flow needs one. */
async function repayingBorrower(phone: string, market: PhoneMarket, productId: number, card: SandboxTestCardKind | undefined): Promise<Borrower> {
  const { userId, sessionId, orderNo } = await paidOutBorrower(baseUrl, dataDir, phone, productId, market);
  if (card) await cli('card', 'add', '--user', userId, '--test-card', card);
  return { userId, sessionId, phone, productId: String(productId), orderNo };
}

/** The newest SMS code the sandbox delivered to a phone. */
async function latestCode(phone: string): Promise<string> {
  const messages = (await cli('sms', 'outbox', '--phone', phone)) as { code: string }[];
  return messages.at(-1)?.code ?? '';
}

/** A code that is certainly not this one. */
const wrongCode = (code: string) => `${code.slice(0, 5)}${(Number(code.at(-1)) + 1) % 10}`;

/** Overflow, a screenshot without a toast over it, and the accessibility scan. */
async function checkScreen(page: Page, name: string) {
  await page.locator('.toast').waitFor({ state: 'detached' });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, name);
  await expectAccessible(page);
}

/** The JSON bodies the page sent to one card call, in order. */
function sentBodies(page: Page, path: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(path)) bodies.push((request.postDataJSON() ?? {}) as Record<string, unknown>);
  });
  return bodies;
}

describe.each(LANGUAGE_CASES)('card repayment in $language', ({ flag, language, text }) => {
  const flow = FLOWS[language];
  const borrowers = {} as Record<FlowName, Borrower>;
  const contexts: BrowserContext[] = [];
  const toast = (page: Page) => page.locator('.toast');
  const result = (page: Page) => page.getByTestId('repayment-result');
  const step = (page: Page) => page.getByRole('dialog', { name: text['card.verify.title'] });
  const codeInput = (page: Page) => step(page).getByLabel(text['card.verify.code']);
  const confirmButton = (page: Page) => step(page).getByRole('button', { name: text['card.verify.confirm'] });
  const resendButton = (page: Page) => page.getByTestId('resend-code');
  const payButton = (page: Page) => page.locator('.card-pay__submit');
  const borrowDetail = (borrower: Borrower, extra: Record<string, string> = {}) =>
    `${baseUrl}/#${HashRoute.borrowDetail}?${new URLSearchParams({
      userId: borrower.userId,
      sessionId: borrower.sessionId,
      language: flag,
      productId: borrower.productId,
      orderId: borrower.orderNo,
      ...extra,
    })}`;
  const currency = language === 'en' ? /^₹[\d,]+\.\d{2}$/ : /^\$[\d,]+\.\d{2}$/;

  async function newPage(): Promise<Page> {
    const { context, page } = await openPage(browser());
    contexts.push(context);
    return page;
  }

  /** Borrow detail with its listing shown. */
  async function openBorrowDetail(page: Page, borrower: Borrower, extra: Record<string, string> = {}) {
    await page.goto(borrowDetail(borrower, extra));
    await page.getByTestId('card-list').waitFor();
  }

  beforeAll(async () => {
    const products = (await cli('product', 'list')) as ProductSummary[];
    const productId = products.find((product) => product.code === flow.product)?.id;
    if (!productId) throw new Error(`no product ${flow.product}`);
    const names = Object.keys(flow.phones) as FlowName[];
    const ready = await Promise.all(names.map((name) => repayingBorrower(flow.phones[name], flow.market, productId, SAVED_CARD[name])));
    names.forEach((name, index) => (borrowers[name] = ready[index] as Borrower));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  it('asks for a card first, refuses a mistyped number, saves the approve card and pays with it', async () => {
    const borrower = borrowers.newCard;
    const page = await newPage();
    await recordBridgeMessages(page.context());
    await openBorrowDetail(page, borrower);
    expect(await page.title()).toContain(text['card.detail.title']);
    const amount = (await page.getByTestId('card-amount').textContent()) ?? '';
    expect(amount).toMatch(currency);
    expect(await page.getByTestId('card-list').textContent()).toContain(text['card.detail.noCards']);
    await checkScreen(page, `card-borrow-detail-empty-${language}`);

    // Pay with no card: the message at the cards (and not again in a toast), and the focus on the way to add one.
    await payButton(page).click();
    await expect.poll(() => page.getByTestId('card-list').getByRole('alert').textContent()).toBe(text['card.detail.selectCard']);
    expect(await toast(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('add-card');
    await screenshot(page, `card-borrow-detail-no-card-${language}`);

    // Add a card: the order and amount travel in the address, never the card.
    await page.getByTestId('add-card').click();
    await page.waitForURL((url) => url.hash.startsWith(`#${HashRoute.addNormalCard}?`));
    const addQuery = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
    expect(Object.fromEntries(addQuery)).toMatchObject({
      userId: borrower.userId,
      sessionId: borrower.sessionId,
      language: flag,
      orderId: borrower.orderNo,
      productId: borrower.productId,
      couponMoney: '',
      couponId: '',
      from: 'payway',
    });
    expect(Number(addQuery.get('withholdingAmount'))).toBeGreaterThan(0);
    const number = page.getByLabel(text['card.add.number']);
    expect(await number.getAttribute('inputmode')).toBe('numeric');
    expect(await number.getAttribute('autocomplete')).toBe('cc-number');
    const mistyped = `${SandboxTestCard.approve.slice(0, -1)}1`;
    await number.pressSequentially(mistyped);
    expect(await number.inputValue()).toBe('4242 4242 4242 4241');
    // The expiry's placeholder speaks the page's language, as its label does (MM/AA in Spanish).
    expect(await page.getByLabel(text['card.add.expiry']).getAttribute('placeholder')).toBe(language === 'en' ? 'MM/YY' : 'MM/AA');
    const expiryYear = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
    await page.getByLabel(text['card.add.expiry']).pressSequentially(`12${expiryYear}`);
    expect(await page.getByLabel(text['card.add.expiry']).inputValue()).toBe(`12/${expiryYear}`);
    await page.getByLabel(text['card.add.holder']).fill('Ana Díaz');
    // Every request that carries the card's digits, by path: only the provider's may.
    const carriers: string[] = [];
    page.on('request', (request) => {
      if ((request.postData() ?? '').includes(SandboxTestCard.approve.slice(0, 12))) carriers.push(new URL(request.url()).pathname);
    });
    await page.getByRole('button', { name: text['card.add.save'] }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(text['card.add.numberInvalid']);
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    expect(carriers).toEqual([]);
    await checkScreen(page, `card-add-luhn-refused-${language}`);

    // The right number: tokenised by the provider, saved, and back on borrow detail with it chosen.
    await number.fill(SandboxTestCard.approve);
    await page.getByRole('button', { name: text['card.add.save'] }).click();
    await page.waitForURL((url) => url.hash.startsWith(`#${HashRoute.borrowDetail}?`));
    await page.getByTestId('card-list').waitFor();
    expect(carriers).toHaveLength(1);
    expect(carriers[0]?.startsWith(CARD_REPAYMENT_BASE) || carriers[0]?.startsWith(MACHINE_BASE)).toBe(false);
    expect(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('cardId')).toMatch(/^\d+$/);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + location.href);
    expect(stored).not.toContain(SandboxTestCard.approve);
    const chosen = page.getByRole('radio', { checked: true });
    expect(await chosen.count()).toBe(1);
    expect(await page.getByTestId('card-list').textContent()).toContain('•••• 4242');
    await checkScreen(page, `card-borrow-detail-card-chosen-${language}`);

    // Pay: no code needed, the host's dialog is dismissed and the receipt is shown.
    const commits = sentBodies(page, CardRepaymentPath.commit);
    await payButton(page).click();
    await result(page).waitFor();
    expect(await result(page).getAttribute('data-status')).toBe('paid');
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatchObject({ sendMsg: 0, couponId: null, orderId: borrower.orderNo, amount: Number(addQuery.get('withholdingAmount')) });
    const facts = await result(page).locator('dd').allTextContents();
    expect(facts[0]).toMatch(/\S+/);
    expect(facts[1]).toBe(amount);
    expect(await bridgeMessages(page)).toContainEqual({ action: 'closeDialog', payload: {} });
    await checkScreen(page, `card-paid-${language}`);

    // The result is named in the address: a reload shows it again.
    const recordId = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('repayRecordId');
    expect(recordId).toMatch(/\S+/);
    await page.reload();
    await result(page).waitFor();
    expect(await result(page).getAttribute('data-status')).toBe('paid');
    expect(await result(page).locator('dd').first().textContent()).toBe(facts[0]);

    // The order's receipts name the card it was paid with, not "Other".
    const receipts = `${baseUrl}${AppRoute.payments}?${new URLSearchParams({ userId: borrower.userId, sessionId: borrower.sessionId, language: flag, orderId: borrower.orderNo })}`;
    await gotoScreen(page, receipts);
    const receipt = page.locator('.receipt').first();
    await receipt.waitFor();
    expect(await receipt.locator('.receipt__facts dd').last().textContent()).toBe(language === 'en' ? 'Card •••• 4242' : 'Tarjeta •••• 4242');
    await checkScreen(page, `card-paid-receipt-${language}`);
  });

  it('verifies a card by SMS code: countdown, short and wrong codes, a lost answer, then "do not submit twice"', async () => {
    const borrower = borrowers.code;
    const page = await newPage();
    await page.clock.install();
    await openBorrowDetail(page, borrower);
    const commits = sentBodies(page, CardRepaymentPath.commit);
    const confirms = sentBodies(page, CardRepaymentPath.confirm);
    await page.getByRole('radio').first().check();
    // Page time stands still from here, so the countdown moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    await payButton(page).click();
    await step(page).waitFor();
    expect(commits[0]).toMatchObject({ sendMsg: 0 });

    // One numeric one-time-code field; the resend waits out its countdown.
    expect(await codeInput(page).getAttribute('inputmode')).toBe('numeric');
    expect(await codeInput(page).getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeInput(page).getAttribute('maxlength')).toBe('6');
    expect(await resendButton(page).textContent()).toBe(fill(text['card.verify.resendIn'], { seconds: '60' }));
    await page.clock.runFor(3_000);
    await expect.poll(() => resendButton(page).textContent()).toBe(fill(text['card.verify.resendIn'], { seconds: '57' }));
    expect(await resendButton(page).isDisabled()).toBe(true);
    await screenshot(page, `card-code-step-${language}`);

    // At 0 the label is back to "Get code"; a resend repeats the token and amount with sendMsg 1.
    // The server sent the first code seconds ago in its own time, so it asks to wait.
    await page.clock.runFor(57_000);
    await expect.poll(() => resendButton(page).textContent()).toBe(text['card.verify.getCode']);
    await resendButton(page).click();
    await expect.poll(() => page.getByTestId('verify-error').textContent()).toBe(ERROR_MESSAGES[ErrorCode.CardCodeResendTooSoon][language]);
    expect(commits[1]).toEqual({ ...commits[0], sendMsg: 1 });
    expect(await resendButton(page).textContent()).toBe(text['card.verify.getCode']);
    // The accessibility scan runs on timers: page time flows again first.
    await page.clock.resume();
    await checkScreen(page, `card-code-resend-too-soon-${language}`);

    // Too short: refused on the page, nothing sent.
    await codeInput(page).fill('123');
    await confirmButton(page).click();
    await expect.poll(() => page.getByTestId('verify-error').textContent()).toBe(text['card.verify.enterCode']);
    expect(confirms).toEqual([]);
    await checkScreen(page, `card-code-too-short-${language}`);

    // Wrong: the server's 800006 in the borrower's language.
    const code = await latestCode(borrower.phone);
    expect(code).toMatch(/^\d{6}$/);
    await codeInput(page).fill(wrongCode(code));
    await confirmButton(page).click();
    await expect.poll(() => page.getByTestId('verify-error').textContent()).toBe(ERROR_MESSAGES[ErrorCode.CardCodeWrong][language]);
    expect(confirms).toHaveLength(1);
    await checkScreen(page, `card-code-wrong-${language}`);

    // A pasted "123 456" keeps its six digits.
    await codeInput(page).evaluate((input, pasted) => {
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(await codeInput(page).inputValue()).toBe(code);

    // The right code charges the card, but its answer is lost on the way back.
    const isConfirm = (url: URL) => url.pathname.endsWith(CardRepaymentPath.confirm);
    await page.route(isConfirm, async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await confirmButton(page).click();
    await expect.poll(() => page.getByTestId('verify-error').textContent()).toBe(text['errors.network']);
    await page.unroute(isConfirm);

    // Confirming again: "do not submit twice", and the payment it already made.
    await confirmButton(page).click();
    await expect.poll(() => toast(page).textContent()).toBe(ERROR_MESSAGES[ErrorCode.CardRepaymentSubmitted][language]);
    await result(page).waitFor();
    expect(await step(page).isVisible()).toBe(false);
    expect(await result(page).getAttribute('data-status')).toBe('paid');
    expect(confirms).toHaveLength(3);
    expect(confirms[2]).toEqual({ orderId: borrower.orderNo, verifyCode: code, repaymentRecordId: confirms[0]?.repaymentRecordId });
    await screenshot(page, `card-code-submitted-twice-${language}`);
    await checkScreen(page, `card-code-paid-${language}`);
  });

  it('shows a declined card as declined, and tries again with a fresh listing', async () => {
    const borrower = borrowers.decline;
    const page = await newPage();
    await openBorrowDetail(page, borrower);
    await page.getByRole('radio').first().check();
    await payButton(page).click();
    await result(page).waitFor();
    expect(await result(page).getAttribute('data-status')).toBe('declined');
    expect(await page.getByTestId('result-message').textContent()).toBe(ERROR_MESSAGES[ErrorCode.CardDeclined][language]);
    await checkScreen(page, `card-declined-${language}`);

    const listings = sentBodies(page, CardRepaymentPath.way);
    await page.getByRole('button', { name: text['card.result.tryAgain'] }).click();
    await page.getByTestId('card-list').waitFor();
    expect(listings).toHaveLength(1);
    expect(page.url()).not.toContain('repayRecordId');
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
  });

  it('pays on the provider’s checkout page and comes back to the paid result', async () => {
    const borrower = borrowers.redirect;
    const page = await newPage();
    await openBorrowDetail(page, borrower);
    const amount = (await page.getByTestId('card-amount').textContent()) ?? '';

    // A refused amount: the server's message and the way back.
    await page.goto(`${baseUrl}/#${HashRoute.alipayRepayment}?${new URLSearchParams({
      userId: borrower.userId,
      sessionId: borrower.sessionId,
      language: flag,
      productId: borrower.productId,
      orderId: borrower.orderNo,
      withholdingAmount: '999999999999',
      from: 'payway',
    })}`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(ERROR_MESSAGES[ErrorCode.CardAmountInvalid][language]);
    await checkScreen(page, `card-redirect-refused-${language}`);
    await page.getByRole('link', { name: text['card.redirect.back'] }).click();
    await page.getByTestId('card-list').waitFor();

    // Pay another way: a moment on our page, then the provider's checkout.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolveHeld) => (release = resolveHeld));
    const isRedirect = (url: URL) => url.pathname.endsWith(CardRepaymentPath.redirect);
    await page.route(isRedirect, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('pay-another-way').click();
    await page.getByRole('status').filter({ hasText: text['card.redirect.going'] }).waitFor();
    const query = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
    expect(query.get('from')).toBe('payway');
    expect(query.get('orderId')).toBe(borrower.orderNo);
    await checkScreen(page, `card-redirect-going-${language}`);
    release();
    await page.waitForURL((url) => url.pathname.includes('/checkout/'));
    await page.unroute(isRedirect);
    await screenshot(page, `card-redirect-checkout-${language}`);
    let returnedWithoutSession = false;
    page.on('response', (response) => {
      const location = response.headers()['location'];
      if (response.status() === 303 && location?.includes('repayRecordId=')) returnedWithoutSession = !location.includes(borrower.sessionId);
    });
    await page.locator('button.pay').click();

    // Back on borrow detail with the repayment named: paid, for the amount shown.
    await page.waitForURL((url) => url.hash.startsWith(`#${HashRoute.borrowDetail}?`) && url.hash.includes('repayRecordId='));
    await result(page).waitFor();
    // The checkout's return address held no session: the page put back the one it kept for this repayment.
    expect(returnedWithoutSession).toBe(true);
    expect(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('sessionId')).toBe(borrower.sessionId);
    expect(await result(page).getAttribute('data-status')).toBe('paid');
    expect((await result(page).locator('dd').allTextContents())[1]).toBe(amount);
    await checkScreen(page, `card-redirect-paid-${language}`);
  });
});

/** A Mexican borrower per language, with the approve card saved, paying from the installment overview. */
const OVERVIEW_PHONES = { en: runPhone('5510008331'), es: runPhone('5510008332') } as const;

describe.each(LANGUAGE_CASES)('a Mexican borrower pays by card from the overview in $language', ({ flag, language, text }) => {
  it('follows "Pay by card" from the overview to the saved card and pays the amount due', async () => {
    const products = (await cli('product', 'list')) as ProductSummary[];
    const productId = products.find((product) => product.code === 'peso-plus-120')?.id ?? 0;
    const borrower = await repayingBorrower(OVERVIEW_PHONES[language], 'MX', productId, 'approve');
    const { context, page } = await openPage(browser());
    try {
      const query = { userId: borrower.userId, sessionId: borrower.sessionId, language: flag, orderId: borrower.orderNo, productId: borrower.productId };
      await page.goto(`${baseUrl}${AppRoute.repayment}?${new URLSearchParams(query)}`);
      const due = (await page.getByTestId('repay-amount').textContent()) ?? '';
      expect(due).toMatch(/^\$[\d,]+\.\d{2}$/);
      const byCard = page.getByRole('link', { name: text['repayment.payByCard'] });
      await checkScreen(page, `card-from-overview-${language}`);

      await byCard.click();
      await page.waitForURL((url) => url.hash.startsWith(`#${HashRoute.borrowDetail}?`));
      await page.getByTestId('card-list').waitFor();
      expect(await page.getByTestId('card-amount').textContent()).toBe(due);
      // Mexico's card provider takes cards on our page: adding one is offered.
      expect(await page.getByTestId('add-card').count()).toBe(1);
      await page.getByRole('radio').first().check();
      await checkScreen(page, `card-from-overview-chosen-${language}`);
      await page.locator('.card-pay__submit').click();
      const result = page.getByTestId('repayment-result');
      await result.waitFor();
      expect(await result.getAttribute('data-status')).toBe('paid');
      expect((await result.locator('dd').allTextContents())[1]).toBe(due);
      await checkScreen(page, `card-from-overview-paid-${language}`);
    } finally {
      await context.close();
    }
  });
});

describe.each(LANGUAGE_CASES)("India's demo loan on the card screen in $language", ({ flag, language, text }) => {
  it('offers exactly what a card may pay today, and says why when that is nothing (docs/decisions/233)', async () => {
    // India's demo borrower and their loan being repaid, as the developer preview names them.
    const india = previewDefaultsSchema.parse(await (await fetch(`${baseUrl}${DEV_PREVIEW_DEFAULTS_PATH}?market=IN`)).json());
    const query = { userId: india.userId, sessionId: india.sessionId, language: flag };
    const listing = await fetch(`${baseUrl}${CARD_REPAYMENT_BASE}${CardRepaymentPath.way}?${new URLSearchParams({ ...query, orderId: india.orderId })}`, { method: 'POST' });
    const { data } = repaymentWayEnvelope.parse(await listing.json());
    if (!data) throw new Error("India's demo loan has no card listing");
    const { context, page } = await openPage(browser());
    try {
      await page.goto(`${baseUrl}/#${HashRoute.borrowDetail}?${new URLSearchParams({ ...query, orderId: india.orderId, productId: india.productId })}`);
      await page.getByRole('heading', { name: 'RupeeEasy 91' }).waitFor();
      // India's saved demo card is an Indian bank's.
      expect(data.bankCards.map((card) => card.bankName)).toEqual(['HDFC Bank']);
      if (data.amount === 0) {
        // Paid out ten days ago in one installment: nothing is due, and early repayment is not yet allowed.
        expect(data.unavailable?.code).toBe(String(ErrorCode.CardNothingDueYet));
        expect(await page.getByTestId('card-unavailable').textContent()).toBe(ERROR_MESSAGES[ErrorCode.CardNothingDueYet][language]);
        expect(await page.getByTestId('early-repayment-from').textContent()).toBe(fill(text['card.detail.earlyRepaymentFrom'], { date: data.earlyRepaymentFrom ?? '' }));
        expect(await page.locator('.card-pay__submit').count()).toBe(0);
        expect(await page.getByTestId('card-amount').count()).toBe(0);
      } else {
        // Another file moved this server's clock past the early-repayment date: the screen offers what may be paid.
        expect(await page.locator('.card-pay__submit').textContent()).toContain(await page.getByTestId('card-amount').textContent());
      }
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `card-india-demo-loan-${language}`);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});
