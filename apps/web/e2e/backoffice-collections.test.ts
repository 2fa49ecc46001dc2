import {
  AppRoute,
  BACKOFFICE_PATH,
  COLLECTION_RULES,
  CollectionsWorkPath,
  errorMessage,
  ErrorCode,
  OperatorPath,
  StaffPath,
  type CollectionOrder,
  type CollectionQueuePage,
  type Page as ListPage,
  type SmsOutboxEntry,
} from '@lend/contracts';
import { addDays, formatDate, MARKET_SETTINGS, type Market } from '@lend/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeEn, type BackofficeCatalogue } from '../src/locales/areas/backoffice.en';
import { backofficeEs } from '../src/locales/areas/backoffice.es';
import { backofficeZonesEn } from '../src/locales/en/backoffice-zones';
import { backofficeZonesEs } from '../src/locales/es/backoffice-zones';
import { ADMIN, ADMIN_PASSWORD, AGENT_PASSWORD, confirmAction, DESKTOP, newPage, signIn, staffFetch, startWithFirstAdmin } from './backoffice-e2e';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, openPage, screenLive, screenshot, sharedBrowser } from './browser';
import type { RunningServer } from './global-setup';
import { LANGUAGE_CASES } from './languages';
import { operatorCliLinesAsync } from './operator-cli';
import { listProducts, paidOutBorrower } from './session';

/**
 * The collections workspace (docs/decisions/242, 243) against the real server: loans paid out
 * through the real paths and made late by the order clock's sweep run ahead; a supervisor gives an
 * order to an agent and shares the rest evenly; the agent's queue, taking the next order, a contact
 * recorded on the order of the market whose hours are open now (the other's refusal shown when it
 * is closed), a promise to pay, an SMS template sent from the file (in the sandbox's outbox, naming
 * the lender) and the agent's promises on the queue (246); the buckets edited in the configuration; a settlement offered
 * on the written-off order and accepted by its borrower on their screen at 360 px (245). At 1280 px, each screen
 * in English and Spanish; the queue and the file read at 360 px.
 */
const browser = sharedBrowser();
let server: RunningServer;
let temporaryPassword = '';
const AGENT = 'carla.cobranza@lender.example';
const TEXT = { en: backofficeEn, es: backofficeEs } as const;
const ZONES = { en: backofficeZonesEn, es: backofficeZonesEs } as const;
const MONEY = { MX: /\$[\d,]+\.\d{2} MXN/, IN: /₹[\d,]+\.\d{2} INR/ } as const;
/** Two late orders in each market, of borrowers of this file alone. */
const late: Record<Market, string[]> = { MX: [], IN: [] };
/** Each late order's borrower session, to open their screens. */
const sessions = new Map<string, { userId: string; sessionId: string }>();
let mexicanProduct = 0;

beforeAll(async () => {
  const started = await startWithFirstAdmin('lend-e2e-backoffice-collections-');
  server = started.server;
  temporaryPassword = started.temporaryAdminPassword;
  const products = await listProducts(server.baseUrl, server.dataDir);
  const productOf = (market: Market) => products.find((product) => product.market === market)?.id ?? 0;
  mexicanProduct = productOf('MX');
  const borrowers = [
    ['5513970243', 'MX'],
    ['5513970244', 'MX'],
    ['9833270243', 'IN'],
    ['9833270244', 'IN'],
  ] as const;
  const paid = await Promise.all(borrowers.map(([phone, market]) => paidOutBorrower(server.baseUrl, server.dataDir, phone, productOf(market), market)));
  paid.forEach((borrower, index) => {
    late[borrowers[index]?.[1] ?? 'MX'].push(borrower.orderNo);
    sessions.set(borrower.orderNo, { userId: borrower.userId, sessionId: borrower.sessionId });
  });
  // The clock run 135 days ahead, some 40 days past the loans' 91-day term: every loan is past due and gets its days past due and bucket.
  await operatorCliLinesAsync(server.baseUrl, server.dataDir, ['order', 'sweep', '--at', addDays(formatDate(new Date(), 'MX'), 135)]);
}, 240_000);

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

/** Whether the market's contact hours are open now in its time zone, as the server judges them. */
function openNow(market: Market): boolean {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: MARKET_SETTINGS[market].timeZone }).format(new Date()));
  return hour >= COLLECTION_RULES[market].fromHour && hour < COLLECTION_RULES[market].toHour;
}

async function setLanguage(page: Page, language: 'en' | 'es'): Promise<BackofficeCatalogue> {
  const text = TEXT[language];
  await page.locator('select[name="language"]').selectOption(language);
  await page.getByRole('navigation', { name: text['bo.nav.label'] }).waitFor();
  return text;
}

/** The screen in both languages: its screenshot, the page inside 1280 px and an axe scan in each. */
async function bothLanguages(page: Page, name: string, ready: (text: BackofficeCatalogue) => Promise<void>): Promise<void> {
  for (const language of ['en', 'es'] as const) {
    const text = await setLanguage(page, language);
    await ready(text);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(DESKTOP.width);
    await screenshot(page, `backoffice-collections-${name}-1280-${language}`);
    await expectAccessible(page);
  }
}

/** The screen at 360 px: the page itself never scrolls sideways (a table's card may). */
async function readsAt360(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  try {
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(360);
    await screenshot(page, `backoffice-collections-${name}-360`);
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

async function signedInPage(email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser() as Browser, DESKTOP, 'en-US');
  contexts.push(opened.context);
  await opened.page.goto(`${server.baseUrl}${BACKOFFICE_PATH}`);
  await signIn(opened.page, backofficeEn, email, password, email === ADMIN ? ADMIN_PASSWORD : AGENT_PASSWORD, null);
  return opened;
}

const hash = (page: Page, to: string) => page.evaluate((where) => (window.location.hash = where), to);

describe('the collections workspace', () => {
  let admin: { context: BrowserContext; page: Page };
  let agentTemporaryPassword = '';

  it('a supervisor gives an order to an agent and shares the rest evenly', { timeout: 120_000 }, async () => {
    admin = await signedInPage(ADMIN, temporaryPassword);
    const { page, context } = admin;
    const created = await staffFetch<{ temporaryPassword: string }>(server.baseUrl, context, 'POST', StaffPath.accounts, { email: AGENT, name: 'Carla Cobranza', role: 'agent' });
    agentTemporaryPassword = created.temporaryPassword;

    await hash(page, '#/collections?market=MX');
    const given = late.MX[0] ?? '';
    const row = page.locator(`tbody tr[data-row="${given}"]`);
    await bothLanguages(page, 'queue-supervisor', async (text) => {
      await page.getByRole('heading', { level: 1, name: text['bo.coll.title'] }).waitFor();
      await row.waitFor();
    });
    const text = await setLanguage(page, 'en');
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    // Select, order, borrower, bucket, DPD, late since, owed, worked by, next promise.
    expect(cells[3]).not.toBe('');
    expect(Number(cells[4])).toBeGreaterThan(0);
    expect(cells[6]).toMatch(MONEY.MX);
    expect(cells[7]).toBe(text['bo.coll.nobody']);
    expect(await row.locator('a[data-borrower-link]').getAttribute('href')).toMatch(/^#\/borrowers\/\d+$/);
    // The borrower by the name on their identity document, as every list names them.
    expect(await row.locator('a[data-borrower-link]').textContent()).toMatch(/^Gloria Hernández García #\d+$/);
    await expect.poll(() => page.locator('[data-queue-total]').textContent()).toMatch(/\d+ late orders? match/);

    // Give one order to the agent.
    await row.getByRole('checkbox').check();
    const agentOption = page.locator('select[name="agent"] option', { hasText: AGENT });
    await agentOption.waitFor({ state: 'attached' });
    await page.locator('select[name="agent"]').selectOption({ label: (await agentOption.textContent()) ?? '' });
    await page.getByRole('button', { name: text['bo.coll.give'], exact: true }).click();
    await page.getByRole('status').filter({ hasText: AGENT }).waitFor();
    await expect.poll(() => row.locator('td').nth(7).textContent()).toBe(AGENT);

    // Share the unassigned evenly: asked first, then every Mexican late order is the one agent's.
    await page.getByRole('button', { name: text['bo.coll.shareEvenly'] }).click();
    await confirmAction(page);
    await page.getByRole('status').filter({ hasText: /given to the agents/ }).waitFor();
    const unassigned = await staffFetch<CollectionQueuePage>(server.baseUrl, context, 'GET', `${CollectionsWorkPath.queue}?market=MX&assignee=unassigned`);
    expect(unassigned.total).toBe(0);
    await expect.poll(() => page.locator(`tbody tr[data-row="${late.MX[1] ?? ''}"] td`).nth(7).textContent()).toBe(AGENT);
    await screenshot(page, 'backoffice-collections-queue-shared-1280-en');
  });

  it("an agent's queue, taking the next order, a contact under the market's hours and a promise", { timeout: 150_000 }, async () => {
    expect(agentTemporaryPassword).not.toBe('');
    const { page } = await signedInPage(AGENT, agentTemporaryPassword);
    let text = await setLanguage(page, 'en');
    // Only the agent's section set: collections is theirs, the orders' pages are not.
    const nav = page.getByRole('navigation', { name: text['bo.nav.label'] });
    await nav.getByRole('link', { name: text['bo.nav.collections'] }).click();
    await hash(page, '#/collections?market=MX&assignee=me');
    const mine = page.locator(`tbody tr[data-row="${late.MX[0] ?? ''}"]`);
    await bothLanguages(page, 'queue-agent', async (words) => {
      await page.getByRole('heading', { level: 1, name: words['bo.coll.title'] }).waitFor();
      await mine.waitFor();
    });
    await readsAt360(page, 'queue-agent');
    text = await setLanguage(page, 'en');
    expect(await page.locator('input[type="checkbox"]').count()).toBe(0);

    // Mexico's late orders are all worked: nothing is left to take there.
    await page.getByRole('button', { name: text['bo.coll.takeNext'] }).click();
    await page.getByRole('status').filter({ hasText: text['bo.coll.noneLeft'] }).waitFor();

    // India's are not: taking the next opens its file, now the agent's.
    await page.locator('select[name="market"]').selectOption('IN');
    await page.locator('select[name="assignee"]').selectOption('unassigned');
    await page.locator(`tbody tr[data-row="${late.IN[0] ?? ''}"]`).waitFor();
    await page.getByRole('button', { name: text['bo.coll.takeNext'] }).click();
    await page.waitForFunction(() => /^#\/collections\/[A-Za-z0-9]+$/.test(window.location.hash));
    const taken = (await page.evaluate(() => window.location.hash)).split('/')[2] ?? '';
    await page.getByRole('heading', { level: 1, name: text['bo.coll.file.title'].replace('{orderNo}', taken) }).waitFor();
    expect(await page.getByTestId('collection-assignee').textContent()).toBe(AGENT);
    expect(await page.getByTestId('collection-owed').textContent()).toMatch(MONEY.IN);

    // The contact is recorded where the hours are open now; the other market, if closed, says why not.
    const files: Record<Market, string> = { MX: late.MX[0] ?? '', IN: taken };
    const open: Market = openNow('MX') ? 'MX' : 'IN';
    const closed: Market = open === 'MX' ? 'IN' : 'MX';
    await hash(page, `#/collections/${files[open]}`);
    await page.getByRole('heading', { level: 1, name: text['bo.coll.file.title'].replace('{orderNo}', files[open]) }).waitFor();
    expect(await page.locator('[data-contact-allowed]').getAttribute('data-contact-allowed')).toBe('yes');
    const contactForm = page.locator('form[data-contact-form]');
    await contactForm.getByLabel(text['bo.coll.contact.channel']).selectOption('call');
    await contactForm.getByLabel(text['bo.coll.contact.outcome']).selectOption('promised');
    await contactForm.getByLabel(text['bo.coll.contact.note']).fill('Will pay part on Friday.');
    await contactForm.getByRole('button', { name: text['bo.coll.contact.record'] }).click();
    await contactForm.getByRole('status').filter({ hasText: text['bo.coll.contact.recorded'] }).waitFor();
    const contactRow = page.locator('tr[data-row-state="promised"]');
    await contactRow.waitFor();
    expect(await contactRow.textContent()).toContain(`(${ZONES.en[open]})`);
    expect(await contactRow.textContent()).toContain(AGENT);

    // A promise above what is owed is refused beside the amount; one within it is listed.
    const promiseForm = page.locator('form[data-promise-form]');
    const amount = promiseForm.getByLabel(text['bo.coll.promise.amountField'].replace('{currency}', MARKET_SETTINGS[open].currency));
    await amount.fill('99999999');
    await promiseForm.getByRole('button', { name: text['bo.coll.promise.take'] }).click();
    const amountRefusal = promiseForm.locator('[role="alert"]');
    await amountRefusal.waitFor();
    expect(await amountRefusal.textContent()).toMatch(MONEY[open]);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    const dateField = promiseForm.getByLabel(text['bo.coll.promise.dateField']);
    const today = formatDate(new Date(), open);
    expect(await dateField.getAttribute('min')).toBe(today);
    expect(await dateField.getAttribute('max')).toBe(addDays(today, COLLECTION_RULES[open].promiseMaxDays));
    await amount.fill('100');
    await dateField.fill(addDays(today, 2));
    await promiseForm.getByRole('button', { name: text['bo.coll.promise.take'] }).click();
    await promiseForm.getByRole('status').filter({ hasText: text['bo.coll.promise.taken'] }).waitFor();
    const promiseRow = page.locator('tr[data-row-state="open"]');
    await promiseRow.waitFor();
    expect(await promiseRow.textContent()).toContain(AGENT);
    expect(await promiseRow.textContent()).toMatch(MONEY[open]);

    // The promise's SMS, now offered, sent from the file: a contact of its own, in the sandbox's outbox.
    const messageForm = page.locator('form[data-message-form]');
    await messageForm.locator('input[name="kind"][value="collection-promise"]:not([disabled])').check();
    await messageForm.getByRole('button', { name: text['bo.coll.message.send'] }).click();
    await messageForm.getByRole('status').filter({ hasText: text['bo.coll.message.sent'] }).waitFor();
    const smsRow = page.locator('tr[data-row-state="message-sent"]');
    await smsRow.waitFor();
    expect(await smsRow.textContent()).toContain(`${text['bo.coll.channel.sms']}: ${text['bo.coll.message.collection-promise']}`);
    const outbox = await staffFetch<ListPage<SmsOutboxEntry>>(server.baseUrl, admin.context, 'GET', `${OperatorPath.smsOutbox}?limit=5`);
    const sms = outbox.items.find((entry) => entry.kind === 'collection-promise');
    expect(sms?.text).toContain(files[open]);
    expect(sms?.text).toMatch(/^Demo .+: /);
    await bothLanguages(page, 'file-open', async (words) => {
      await page.getByRole('heading', { level: 2, name: words['bo.coll.promises'] }).waitFor();
      await page.getByRole('heading', { level: 2, name: words['bo.coll.message.title'] }).waitFor();
    });
    await readsAt360(page, 'file-open');

    // The queue shows the agent their promises of the last 30 days: the one just taken, still open.
    await hash(page, `#/collections?market=${open}&assignee=me`);
    const rates = page.locator('[data-promise-rates] tbody tr');
    await bothLanguages(page, 'queue-rates', async (words) => {
      await page.getByRole('heading', { level: 2, name: words['bo.coll.rates.titleMine'] }).waitFor();
      await rates.first().waitFor();
    });
    text = await setLanguage(page, 'en');
    await expect.poll(async () => (await rates.first().locator('td').allTextContents()).slice(0, 6)).toEqual([AGENT, '1', '0', '0', '0', '1']);
    expect(await rates.first().locator('td').last().textContent()).toBe(text['bo.coll.none']);

    text = await setLanguage(page, 'es');
    await hash(page, `#/collections/${files[closed]}`);
    await page.getByRole('heading', { level: 1, name: text['bo.coll.file.title'].replace('{orderNo}', files[closed]) }).waitFor();
    if (openNow(closed)) {
      expect(await page.locator('[data-contact-allowed]').getAttribute('data-contact-allowed')).toBe('yes');
    } else {
      const rules = COLLECTION_RULES[closed];
      const refusal = errorMessage(ErrorCode.CollectionOutsideHours, 'es', `${rules.fromHour}:00–${rules.toHour}:00`);
      expect(await page.locator('[data-contact-allowed]').textContent()).toBe(refusal);
      const form = page.locator('form[data-contact-form]');
      await form.getByRole('button', { name: text['bo.coll.contact.record'] }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toBe(refusal);
      expect(await page.locator('tr[data-row-state]').count()).toBe(0);
    }
    await bothLanguages(page, 'file-other-market', async (words) => {
      await page.getByRole('heading', { level: 2, name: words['bo.coll.promises'] }).waitFor();
    });
  });

  it('an administrator edits the buckets of a market', { timeout: 90_000 }, async () => {
    const { page } = admin;
    await hash(page, '#/configuration?view=delinquency&market=MX');
    const form = page.locator('form[data-bands-form="MX"]');
    await bothLanguages(page, 'buckets', async (words) => {
      await page.getByRole('heading', { level: 2, name: words['bo.cfg.view.delinquency'] }).waitFor();
      await form.locator('fieldset[data-band-row]').first().waitFor();
    });
    const text = await setLanguage(page, 'en');
    const table = page.locator('[data-bands="MX"] tbody');
    const lateBefore = (await table.locator('tr').evaluateAll((rows) => rows.map((row) => Number(row.lastElementChild?.textContent ?? '0')))).reduce((sum, count) => sum + count, 0);
    expect(lateBefore).toBeGreaterThanOrEqual(2);

    // A gap between buckets: the server's refusal beside the form, nothing saved.
    const rows = form.locator('fieldset[data-band-row]');
    const last = (await rows.count()) - 1;
    await rows.nth(last).getByLabel(text['bo.dlq.from']).fill('999');
    await form.getByRole('button', { name: text['bo.dlq.save'] }).click();
    await confirmAction(page);
    await expect.poll(() => form.getByRole('alert').textContent()).toContain(errorMessage(ErrorCode.DelinquencyBandsInvalid, 'en').split(' ({field})')[0] ?? '');
    await screenshot(page, 'backoffice-collections-buckets-refused-1280-en');

    // Two buckets, 1–30 and 31 on: saved, and every late order of Mexico counted in one of them.
    while ((await rows.count()) > 2) await form.getByRole('button', { name: text['bo.dlq.remove'].replace('{n}', String(await rows.count())) }).click();
    await rows.nth(0).getByLabel(text['bo.dlq.code']).fill('B1');
    await rows.nth(0).getByLabel(text['bo.dlq.from']).fill('1');
    await rows.nth(0).getByLabel(text['bo.dlq.to']).fill('30');
    await rows.nth(1).getByLabel(text['bo.dlq.code']).fill('B2');
    await rows.nth(1).getByLabel(text['bo.dlq.from']).fill('31');
    await rows.nth(1).getByLabel(text['bo.dlq.to']).fill('');
    await form.getByRole('button', { name: text['bo.dlq.save'] }).click();
    await confirmAction(page);
    await form.getByRole('status').filter({ hasText: text['bo.dlq.saved'].replace('{market}', text['bo.cfg.market.MX']) }).waitFor();
    expect(await table.locator('tr td:first-child').allTextContents()).toEqual(['B1', 'B2']);
    const lateAfter = (await table.locator('tr').evaluateAll((rows) => rows.map((row) => Number(row.lastElementChild?.textContent ?? '0')))).reduce((sum, count) => sum + count, 0);
    expect(lateAfter).toBe(lateBefore);
    await screenshot(page, 'backoffice-collections-buckets-saved-1280-en');

    // The queue's bucket filter offers the new buckets.
    await hash(page, '#/collections?market=MX');
    await expect.poll(() => page.locator('select[name="bucket"] option').allTextContents()).toEqual([text['bo.coll.bucket.all'], 'B1', 'B2']);
  });

  it("an administrator sets a product's write-off day and writes a late order off; its file shows what left the books", { timeout: 90_000 }, async () => {
    const { page } = admin;
    const text = await setLanguage(page, 'en');
    await hash(page, `#/configuration?view=products&product=${mexicanProduct}`);
    const policy = page.getByRole('form', { name: new RegExp(text['bo.cfg.collectionsPolicy.title'].replace('{name}', '')) });
    const days = policy.getByLabel(text['bo.cfg.collectionsPolicy.writeOffDays']);
    await expect.poll(() => days.inputValue()).toBe('180');
    await days.fill('150');
    await policy.getByRole('button', { name: text['bo.cfg.collectionsPolicy.save'] }).click();
    await page.getByRole('status').filter({ hasText: /late-loan policy/ }).waitFor();
    await expect.poll(() => page.locator(`tbody tr[data-row="${mexicanProduct}"] td`).last().textContent()).toBe('150');

    const orderNo = late.MX[1] ?? '';
    await hash(page, `#/collections/${orderNo}`);
    const form = page.locator('form[data-write-off-form]');
    await form.getByLabel(text['bo.loss.noteField']).fill('Borrower insolvent: court notice on file');
    await form.getByRole('button', { name: text['bo.loss.writeOff'] }).click();
    await confirmAction(page);
    const written = page.locator('[data-write-off="officer"]');
    await written.waitFor();
    expect(await page.getByTestId('write-off-total').textContent()).toBe(await page.getByTestId('collection-owed').textContent());
    expect(await page.getByTestId('write-off-recovered').textContent()).toMatch(MONEY.MX);
    expect(await written.textContent()).toContain(ADMIN);
    await bothLanguages(page, 'file-written-off', async (words) => {
      await page.getByRole('heading', { level: 2, name: words['bo.loss.writtenOff'] }).waitFor();
    });
    expect(await page.locator('form[data-write-off-form]').count()).toBe(0);
  });

  it('an administrator offers the written-off order a settlement; its borrower reads the offer at 360 px in both languages and accepts it', { timeout: 120_000 }, async () => {
    const { page, context } = admin;
    const text = await setLanguage(page, 'en');
    const orderNo = late.MX[1] ?? '';
    const file = await staffFetch<CollectionOrder>(server.baseUrl, context, 'GET', CollectionsWorkPath.order.replace(':orderNo', orderNo));
    // A tenth waived: within the product's solo limit (20 %), so it is offered at once.
    const amountMinor = file.item.owedMinor - Math.floor(file.item.owedMinor / 10);
    await hash(page, `#/collections/${orderNo}`);
    const form = page.locator('form[data-settlement-form]');
    await form.getByLabel(text['bo.settle.amountField'].replace('{currency}', 'MXN')).fill((amountMinor / 100).toFixed(2));
    await form.getByLabel(text['bo.settle.noteField']).fill('Hardship: agreed on the phone');
    await form.getByRole('button', { name: text['bo.settle.offer'] }).click();
    await confirmAction(page);
    await page.locator('dl[data-settlement="offered"]').waitFor();
    expect(await page.locator('dl[data-settlement]').textContent()).toContain(ADMIN);
    await bothLanguages(page, 'file-settlement-offered', async (words) => {
      await page.getByRole('heading', { level: 2, name: words['bo.settle.title'], exact: true }).waitFor();
      await page.getByRole('button', { name: words['bo.settle.withdraw'] }).waitFor();
    });

    // The borrower, from the late loan's details: the offer in English, then in Spanish, accepted.
    const session = sessions.get(orderNo);
    if (!session) throw new Error(`no session for ${orderNo}`);
    const phone = await openPage(browser() as Browser);
    contexts.push(phone.context);
    const screen = phone.page;
    for (const { flag, language, text: words } of LANGUAGE_CASES) {
      await gotoScreen(screen, `${server.baseUrl}${AppRoute.loanDetails}?${new URLSearchParams({ ...session, orderId: orderNo, language: flag })}`);
      await screen.getByTestId('order-promise').click();
      await screen.waitForURL((url) => url.pathname === AppRoute.promise);
      await screenLive(screen);
      const offer = screen.locator('section[data-settlement="offered"]');
      await offer.waitFor();
      expect(await offer.textContent()).toContain(language === 'es' ? 'liquidado mediante convenio' : 'settled, not as paid in full');
      await expectNoHorizontalOverflow(screen);
      await expectAccessible(screen);
      await screenshot(screen, `settlement-offer-${language}`);
      if (language !== 'es') continue;
      await offer.getByRole('button', { name: words['settlement.accept'] }).click();
      const accepted = screen.locator('section[data-settlement="accepted"]');
      await accepted.waitFor();
      expect(await accepted.getByTestId('settlement-pay').getAttribute('href')).toContain(AppRoute.repayment);
      await expectNoHorizontalOverflow(screen);
      await expectAccessible(screen);
      await screenshot(screen, `settlement-accepted-${language}`);
    }

    // The file shows the acceptance.
    await page.reload();
    await setLanguage(page, 'en');
    await page.locator('dl[data-settlement="accepted"]').waitFor();
    await screenshot(page, 'backoffice-collections-file-settlement-accepted-1280-en');
  });

  it('an administrator registers an agency and places a late order with it; the borrower is told who collects', { timeout: 120_000 }, async () => {
    const { page } = admin;
    const text = await setLanguage(page, 'en');
    await hash(page, '#/configuration?view=agencies&market=MX');
    const add = page.locator('form[data-agency-add]');
    await add.getByLabel(text['bo.cfg.agency.name']).fill('Cobranza Justa SA de CV');
    await add.getByLabel(text['bo.cfg.agency.registration']).fill('REDECO-0042-2026');
    await add.getByLabel(text['bo.cfg.agency.phone']).fill('+52 55 5555 0101');
    await add.getByLabel(text['bo.cfg.agency.address']).fill('Av. Reforma 10, CDMX');
    await add.getByRole('button', { name: text['bo.cfg.agency.add'] }).click();
    await page.locator('tr[data-row-state="active"]').filter({ hasText: 'REDECO-0042-2026' }).waitFor();
    await bothLanguages(page, 'agencies', async (words) => {
      await page.getByRole('heading', { level: 2, name: words['bo.cfg.view.agencies'] }).waitFor();
    });

    const orderNo = late.MX[0] ?? '';
    await setLanguage(page, 'en');
    await hash(page, `#/collections/${orderNo}`);
    const form = page.locator('form[data-agency-form]');
    await form.getByLabel(text['bo.agency.choose']).selectOption({ label: 'Cobranza Justa SA de CV (REDECO-0042-2026)' });
    await form.getByRole('button', { name: text['bo.agency.place'] }).click();
    await confirmAction(page);
    await expect.poll(() => page.getByTestId('agency-name').textContent()).toBe('Cobranza Justa SA de CV');
    // The borrower is told by SMS at once within Mexico's contact hours; out of them the file says the notice waits.
    expect(await page.locator('dd[data-notice]').getAttribute('data-notice')).toBe(openNow('MX') ? 'sent' : 'waiting');
    await screenshot(page, 'backoffice-collections-file-agency-1280-en');

    const session = sessions.get(orderNo);
    if (!session) throw new Error(`no session for ${orderNo}`);
    const phone = await openPage(browser() as Browser);
    contexts.push(phone.context);
    await gotoScreen(phone.page, `${server.baseUrl}${AppRoute.promise}?${new URLSearchParams({ ...session, orderId: orderNo, language: '2' })}`);
    await screenLive(phone.page);
    const collector = phone.page.locator('section[data-collector]');
    await collector.waitFor();
    expect(await collector.textContent()).toContain('REDECO-0042-2026');
    await expectNoHorizontalOverflow(phone.page);
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'promise-collector-es');
  });
});
