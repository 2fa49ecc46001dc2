import { readFile } from 'node:fs/promises';
import { AppRoute, ERROR_MESSAGES, ErrorCode, IN_PRIVACY_REQUEST_KINDS, MACHINE_BASE, MX_PRIVACY_REQUEST_KINDS, PrivacyPath, type BorrowerData } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bridgeMessages, recordBridgeMessages } from './bridge-recorder';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, openPage, screenshot, sharedBrowser } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { operatorCli } from './operator-cli';
import { createSession, listProducts, paidOutBorrower, runPhone } from './session';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();

/** Each language gets its own borrowers: deletion must not touch anyone else's. */
const phones = { en: [runPhone('5513400001'), runPhone('5513400002'), runPhone('5513400003')], es: [runPhone('5513400011'), runPhone('5513400012'), runPhone('5513400013')] } as const;
const indianPhones = { en: runPhone('9813400001'), es: runPhone('9813400011') } as const;

/** The options of the kind of request, by value. */
const kindOptions = (page: Page) => page.locator('select[name="kind"] option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

/** A site page runs its code once the visitor shows intent: a pointer moving over it. */
async function hydrateSitePage(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'false');
  await page.mouse.move(180, 300);
  await page.mouse.move(190, 320);
  await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'true');
}

describe.each(LANGUAGE_CASES)('privacy centre in $language', ({ flag, language, text }) => {
  it('is reached from customer service, downloads the data, keeps a message choice, files an ARCO request and deletes the account', async () => {
    const session = createSession(baseUrl, dataDir, phones[language][0]);
    const query = new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: flag });
    const { context, page } = await openPage(browser());
    await recordBridgeMessages(context);

    await gotoScreen(page, `${baseUrl}${AppRoute.customerService}?${query}`);
    await page.getByRole('link', { name: text['privacy.link'] }).click();
    await page.getByRole('heading', { level: 2, name: text['privacy.data.heading'] }).waitFor();
    expect(new URL(page.url()).pathname).toBe(AppRoute.privacyCentre);
    expect(new URL(page.url()).searchParams.get('sessionId')).toBe(session.sessionId);
    await screenshot(page, `privacy-centre-${language}`);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    // Mexico's rights, Mexico's withdrawal text and Mexico's notice (docs/decisions/231).
    await page.getByRole('heading', { level: 2, name: text['privacy.arco.heading.MX'] }).waitFor();
    expect(await kindOptions(page)).toEqual([...MX_PRIVACY_REQUEST_KINDS]);
    expect(await page.getByTestId('consent-withdrawal').textContent()).toBe(text['privacy.consent.withdraw.MX']);
    const noticeHref = new URL((await page.getByTestId('privacy-notice-link').getAttribute('href')) ?? '', baseUrl);
    expect([noticeHref.pathname, noticeHref.searchParams.get('market'), noticeHref.searchParams.get('language')]).toEqual([AppRoute.privacyNotice, 'MX', flag]);

    // The download holds this borrower's data.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text['privacy.data.download'] }).click()]);
    const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as BorrowerData;
    expect(data.profile).toMatchObject({ userId: session.userId, phone: `+52${phones[language][0]}` });
    expect(data.messagePreferences.current.marketing).toBe(false);

    // Consent: marketing on, kept after a reload.
    const marketing = page.getByRole('switch', { name: new RegExp(text['privacy.consent.marketing']) });
    expect(await marketing.isChecked()).toBe(false);
    await marketing.click();
    await page.locator('.toast', { hasText: text['privacy.consent.saved'] }).waitFor();
    expect(await marketing.isChecked()).toBe(true);
    await gotoScreen(page, page.url());
    await page.getByRole('switch', { name: new RegExp(text['privacy.consent.marketing']) }).waitFor();
    expect(await page.getByRole('switch', { name: new RegExp(text['privacy.consent.marketing']) }).isChecked()).toBe(true);

    // ARCO: a too short description is refused on the spot, a good one gets a folio and a date.
    await page.getByLabel(text['privacy.arco.kind']).selectOption('rectification');
    const description = page.getByLabel(text['privacy.arco.description']);
    await description.fill('Short');
    await page.getByRole('button', { name: text['privacy.arco.send'] }).click();
    expect(await page.getByRole('alert').textContent()).toBe(fill(text['privacy.arco.tooShort'], { min: '10' }));
    await screenshot(page, `privacy-centre-arco-refused-${language}`);
    await description.fill(language === 'en' ? 'Please correct my name: it is Ana María.' : 'Corrijan mi nombre por favor: es Ana María.');
    await page.getByRole('button', { name: text['privacy.arco.send'] }).click();
    const item = page.locator('[data-folio]');
    await item.waitFor();
    const folio = (await item.getAttribute('data-folio')) ?? '';
    expect(folio).toMatch(/^AR\d{8}$/);
    expect(await item.textContent()).toContain(text['privacy.arco.status.open']);
    expect(await item.textContent()).toContain(text['privacy.arco.kind.rectification']);

    // The operator answers through the command line; the borrower reads it.
    operatorCli(baseUrl, dataDir, ['privacy', 'answer', '--folio', folio, '--text', 'Corrected.']);
    await gotoScreen(page, page.url());
    await page.locator(`[data-folio="${folio}"]`, { hasText: 'Corrected.' }).waitFor();
    expect(await page.locator(`[data-folio="${folio}"]`).textContent()).toContain(text['privacy.arco.status.answered']);
    await screenshot(page, `privacy-centre-arco-${language}`);
    await expectAccessible(page);

    // Deletion, after a confirmation step.
    await page.getByRole('button', { name: text['privacy.delete.start'] }).click();
    const dialog = page.getByRole('dialog', { name: text['privacy.delete.confirmTitle'] });
    await dialog.waitFor();
    await screenshot(page, `privacy-centre-delete-confirm-${language}`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: text['privacy.delete.confirm'] }).click();
    await page.getByRole('heading', { name: text['privacy.delete.done'] }).waitFor();
    await screenshot(page, `privacy-centre-deleted-${language}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: text['privacy.delete.leave'] }).click();
    expect(await bridgeMessages(page)).toContainEqual({ action: 'goToLogin', payload: {} });

    // The old session is over: at once on the server that deleted the account, and on another
    // within the 5 s a server trusts a session it has read (docs/decisions/092). Two calls in a
    // row reach both servers of a round-robin balancer.
    const overview = async () => ((await (await fetch(`${baseUrl}${MACHINE_BASE}${PrivacyPath.overview}?${query}`, { method: 'POST' })).json()) as { code: number }).code;
    await expect.poll(async () => [await overview(), await overview()]).toEqual([ErrorCode.SessionUnknown, ErrorCode.SessionUnknown]);
    await context.close();
  });

  it('refuses deletion while a loan is open, and says why', async () => {
    const product = (await listProducts(baseUrl, dataDir)).find((p) => p.code === 'peso-plus-120');
    if (!product) throw new Error('no peso-plus-120');
    const borrower = await paidOutBorrower(baseUrl, dataDir, phones[language][1], product.id);
    const query = new URLSearchParams({ userId: borrower.userId, sessionId: borrower.sessionId, language: flag });
    const { context, page } = await openPage(browser());
    await gotoScreen(page, `${baseUrl}${AppRoute.privacyCentre}?${query}`);
    const blocked = page.getByTestId('delete-blocked');
    await blocked.waitFor();
    expect(await blocked.textContent()).toBe(text['privacy.delete.openLoan']);
    expect(await page.getByRole('button', { name: text['privacy.delete.start'] }).count()).toBe(0);
    await blocked.scrollIntoViewIfNeeded();
    await screenshot(page, `privacy-centre-open-loan-${language}`);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    // The app's own call is refused the same way, in the borrower's language.
    const answer = await fetch(`${baseUrl}${MACHINE_BASE}${PrivacyPath.deleteAccount}?${query}`, { method: 'POST' });
    const refusal = (await answer.json()) as { code: number; message: string };
    expect(refusal).toMatchObject({ code: ErrorCode.PrivacyOpenLoan });
    expect(refusal.message).toContain(language === 'en' ? 'Repay what you owe first' : 'Primero pague lo que debe');
    await context.close();
  });

  it('is linked from the privacy notice only when the notice is opened in the app with a session', async () => {
    const session = createSession(baseUrl, dataDir, phones[language][2]);
    const { context, page } = await openPage(browser());
    const withSession = new URLSearchParams({ language: flag, userId: session.userId, sessionId: session.sessionId });
    await page.goto(`${baseUrl}${AppRoute.privacyPolicy}?${withSession}`);
    await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'false');
    await page.mouse.move(180, 300);
    await page.mouse.move(190, 320);
    const link = page.getByRole('link', { name: text['site.privacy.centreLink'] });
    await link.waitFor();
    const href = new URL((await link.getAttribute('href')) ?? '', baseUrl);
    expect(href.pathname).toBe(AppRoute.privacyCentre);
    expect(href.searchParams.get('sessionId')).toBe(session.sessionId);
    await screenshot(page, `privacy-notice-centre-link-${language}`);
    await expectAccessible(page);
    await link.click();
    await page.getByRole('heading', { level: 2, name: text['privacy.data.heading'] }).waitFor();

    await page.goto(`${baseUrl}${AppRoute.privacyPolicy}?language=${flag}`);
    // The page's script arrives after its first paint; intent shown before it is not seen.
    await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'false');
    await page.mouse.move(180, 300);
    await page.mouse.move(190, 320);
    await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'true');
    expect(await page.getByRole('link', { name: text['site.privacy.centreLink'] }).count()).toBe(0);
    await context.close();
  });
});

describe.each(LANGUAGE_CASES)('an Indian borrower’s privacy centre in $language (docs/decisions/231)', ({ flag, language, text }) => {
  it('shows the rights under the DPDP Act, files a nomination due in 30 days, says how a consent is withdrawn and opens India’s notice', async () => {
    const session = createSession(baseUrl, dataDir, indianPhones[language], 'IN');
    const query = new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: flag });
    const { context, page } = await openPage(browser());
    await gotoScreen(page, `${baseUrl}${AppRoute.privacyCentre}?${query}`);
    await page.getByRole('heading', { level: 2, name: text['privacy.arco.heading.IN'] }).waitFor();
    expect(await page.getByRole('heading', { name: text['privacy.arco.heading.MX'] }).count()).toBe(0);
    expect(await page.getByText(fill(text['privacy.arco.body.IN'], { days: '30' })).count()).toBe(1);
    expect(await kindOptions(page)).toEqual([...IN_PRIVACY_REQUEST_KINDS]);
    expect(await page.getByTestId('consent-withdrawal').textContent()).toBe(text['privacy.consent.withdraw.IN']);
    await screenshot(page, `privacy-centre-in-${language}`);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    // A nomination: its hint, its folio, and the India date 30 days on.
    await page.getByLabel(text['privacy.arco.kind']).selectOption('nomination');
    await page.getByText(text['privacy.arco.hint.nomination']).waitFor();
    await page.getByLabel(text['privacy.arco.description']).fill('I nominate my sister Priya Sharma, +91 98113 00002, to exercise my rights.');
    const before = new Date();
    await page.getByRole('button', { name: text['privacy.arco.send'] }).click();
    const item = page.locator('[data-folio]');
    await item.waitFor();
    const due = [before, new Date()].map((at) => addDays(formatDate(at, 'IN'), 30));
    const shown = (await item.textContent()) ?? '';
    expect(shown).toContain(text['privacy.arco.kind.nomination']);
    expect(due.some((date) => shown.includes(date))).toBe(true);
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, `privacy-centre-in-nomination-${language}`);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    // Mexico's kinds are refused to the app's own call, in the caller's language.
    const refused = (await (await fetch(`${baseUrl}${MACHINE_BASE}${PrivacyPath.arcoRequest}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'access', description: 'Give me access to my data.' }) })).json()) as { code: number; message: string };
    expect(refused).toEqual(expect.objectContaining({ code: ErrorCode.PrivacyKindNotOfIndia, message: ERROR_MESSAGES[ErrorCode.PrivacyKindNotOfIndia][language] }));

    // India's notice in the page's language, whatever that is, and back to the centre.
    await page.getByTestId('privacy-notice-link').click();
    await page.getByRole('heading', { level: 1, name: text['site.meta.privacyNotice.title'] }).waitFor();
    expect(new URL(page.url()).searchParams.get('market')).toBe('IN');
    const notice = (await page.locator('main').textContent()) ?? '';
    expect(notice).toContain('Digital Personal Data Protection Act, 2023');
    expect(notice).not.toContain('ARCO');
    await hydrateSitePage(page);
    const back = page.getByRole('link', { name: text['site.privacy.centreLink'] });
    await back.waitFor();
    await screenshot(page, `privacy-notice-from-centre-in-${language}`);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await back.click();
    await page.getByRole('heading', { level: 2, name: text['privacy.arco.heading.IN'] }).waitFor();
    await context.close();
  });
});
