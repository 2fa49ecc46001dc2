import { randomInt } from 'node:crypto';
import { AppRoute, HashRoute, PHONE_RULES, PROMOTION_MESSAGES, TEXT_CHALLENGE, textChallengeQuestion } from '@lend/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, newVisitorAddress, openPage, screenshot, sharedBrowser } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { createPromoTemplate, E2E_PROMO_TEMPLATE as TEMPLATE, operatorCliLines } from './operator-cli';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();


const cli = (...args: string[]) => operatorCliLines(baseUrl, dataDir, args);
// `--sid=<sid>`: a random sid may start with '-', which after a separate `--sid` would read as another option.
const captchaAnswer = (sid: string) => (JSON.parse(cli('captcha', 'answer', `--sid=${sid}`)[0] ?? '{}') as { answer: string }).answer;
const latestCode = (phone: string) => (JSON.parse(cli('sms', 'outbox', '--phone', phone).at(-1) ?? '{}') as { code: string }).code;

async function captchaSrc(page: Page): Promise<string> {
  return (await page.getByTestId('captcha-image').getAttribute('src')) ?? '';
}
const sidOf = (src: string) => new URL(src, baseUrl).searchParams.get('sid') ?? '';
const toastText = (page: Page) => page.locator('.toast').textContent();
/** Screenshots wait for the banner and the captcha to be drawn. */
const imagesDrawn = (page: Page) =>
  page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));

/** Records what the page would ask of an Android host, and what it gives the tag manager. */
async function withAndroidHost(page: Page) {
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    Object.assign(window, { bridgeMessages: sent, AndroidBridge: { postMessage: (json: string) => sent.push(JSON.parse(json)) } });
  });
}

describe.each(LANGUAGE_CASES)('promotion landing in $language', ({ flag, language, text }) => {
  it('refuses bad input, sends a code after the right captcha, counts down, registers once and counts the funnel', async () => {
    const { id } = createPromoTemplate(baseUrl, dataDir, TEMPLATE);
    // English walks the plain variant with links_id; Spanish the agreement variant with down_id.
    const route = language === 'en' ? HashRoute.downloadTemplate : HashRoute.agreementTemplate;
    const linkKey = language === 'en' ? 'links_id' : 'down_id';
    const link = `${baseUrl}/#${route}?app_from=landing&user_from=fb&utm_tag=spring&id=${id}&${linkKey}=77&language=${flag}`;
    const phone = `55${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    // One visitor sends both SMS: 10 a network an hour, counted across runs by a server that keeps its Redis.
    const visitor = newVisitorAddress();

    const { context, page } = await openPage(browser(), visitor);
    await withAndroidHost(page);
    await page.clock.install();
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TEMPLATE.content[language].title);
    await page.getByTestId('captcha-image').waitFor();
    expect(await page.title()).toContain(TEMPLATE.content[language].title);
    if (language === 'es') expect(await page.getByRole('link', { name: text['promo.agreementLink'] }).getAttribute('href')).toBe(`/User?language=${flag}`);
    await expectNoHorizontalOverflow(page);
    await imagesDrawn(page);
    await screenshot(page, `promo-landing-${language}`);
    await expectAccessible(page);

    const phoneInput = page.getByLabel(text['promo.phone']);
    const captchaInput = page.getByLabel(text['promo.captcha'], { exact: true });
    const smsInput = page.getByLabel(text['promo.smsCode']);
    const send = page.getByTestId('send-code');
    expect(await phoneInput.getAttribute('inputmode')).toBe('numeric');
    expect(await smsInput.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await smsInput.getAttribute('maxlength')).toBe('6');

    // Invalid phone: refused on the page, nothing sent.
    await phoneInput.fill('55a12-34');
    expect(await phoneInput.inputValue()).toBe('551234');
    await captchaInput.fill('abcd');
    await send.click();
    await expect.poll(() => toastText(page)).toBe(text['promo.phoneInvalid']);
    await phoneInput.fill('5512345678901');
    expect(await phoneInput.inputValue()).toBe('5512345678');

    // Captcha refresh needs a phone number; with one it draws a new image for the same sid.
    await phoneInput.fill('');
    const firstSrc = await captchaSrc(page);
    await page.getByRole('button', { name: text['promo.captchaImage'] }).click();
    await expect.poll(() => toastText(page)).toBe(text['promo.captchaNeedsPhone']);
    expect(await captchaSrc(page)).toBe(firstSrc);
    await phoneInput.fill(phone);
    await page.clock.runFor(1_000);
    await page.getByRole('button', { name: text['promo.captchaImage'] }).click();
    await expect.poll(() => captchaSrc(page)).not.toBe(firstSrc);
    const sid = sidOf(await captchaSrc(page));
    expect(sid).toBe(sidOf(firstSrc));

    // Wrong captcha: '101', its message, and a fresh captcha.
    await page.clock.runFor(1_000);
    const beforeWrong = await captchaSrc(page);
    await captchaInput.fill('zzzz');
    await send.click();
    await expect.poll(() => toastText(page)).toBe(PROMOTION_MESSAGES['101'][language]);
    await expect.poll(() => captchaSrc(page)).not.toBe(beforeWrong);
    expect(await captchaInput.inputValue()).toBe('');
    expect(cli('sms', 'outbox', '--phone', phone)).toEqual([]);

    // Right captcha: a code in the outbox, and the button counts 60 s down.
    await page.getByTestId('captcha-image').evaluate((image: HTMLImageElement) => image.decode());
    await captchaInput.fill(captchaAnswer(sid));
    // Page time stands still from here, so the countdown moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    await send.click();
    await expect.poll(() => toastText(page)).toBe(text['promo.smsSent']);
    const code = latestCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(await send.isDisabled()).toBe(true);
    expect(await send.textContent()).toBe(fill(text['promo.resendIn'], { seconds: '60' }));
    await imagesDrawn(page);
    await screenshot(page, `promo-landing-code-sent-${language}`);
    await page.clock.runFor(30_000);
    await expect.poll(() => send.textContent()).toBe(fill(text['promo.resendIn'], { seconds: '30' }));
    expect(await send.isDisabled()).toBe(true);
    await page.clock.runFor(30_000);
    await expect.poll(() => send.textContent()).toBe(text['promo.sendCode']);
    expect(await send.isDisabled()).toBe(false);
    await page.clock.resume();

    // Register: the download page, with the template's store links and the ad conversion.
    await smsInput.fill(code);
    await page.getByRole('button', { name: text['promo.register'], exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text['promo.download.registered']);
    expect(page.url()).toContain(`#${HashRoute.promotionDownload}?`);
    expect(await page.locator('[data-store="android"]').getAttribute('href')).toBe(TEMPLATE.downloadLinks.android);
    expect(await page.locator('[data-store="ios"]').getAttribute('href')).toBe(TEMPLATE.downloadLinks.ios);
    const messages = await page.evaluate(() => (window as unknown as { bridgeMessages: unknown[] }).bridgeMessages);
    expect(messages).toEqual([{ action: 'confirmTrackingEvent', payload: { event: 'promotion_registration', data: { trackingCode: 'AW-E2E-1', templateId: id } } }]);
    expect(await page.evaluate(() => window.dataLayer)).toEqual([{ event: 'promotion_registration', trackingCode: 'AW-E2E-1', templateId: id }]);
    await expectNoHorizontalOverflow(page);
    await imagesDrawn(page);
    await screenshot(page, `promo-download-${language}`);
    await expectAccessible(page);
    // The registration signed the visitor in on the web: the way on is their home, no app needed (docs/decisions/239).
    await page.getByRole('link', { name: text['promo.download.web'] }).click();
    await page.waitForURL((url) => url.pathname === AppRoute.webHome);
    await expect.poll(() => page.locator('[data-product]').count()).toBeGreaterThan(0);
    await screenshot(page, `promo-web-home-${language}`);
    await context.close();

    // A phone that already has an account is texted a code like any other; only the right code
    // tells that it is registered, and the page lands on the download page with 'already registered'.
    const known = `55${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    cli('session', 'create', '--phone', known);
    const again = await openPage(browser(), visitor);
    await again.page.goto(link);
    await again.page.getByTestId('captcha-image').waitFor();
    await again.page.getByTestId('captcha-image').evaluate((image: HTMLImageElement) => image.decode());
    await again.page.getByLabel(text['promo.phone']).fill(known);
    await again.page.getByLabel(text['promo.captcha'], { exact: true }).fill(captchaAnswer(sidOf(await captchaSrc(again.page))));
    await again.page.getByTestId('send-code').click();
    await expect.poll(() => toastText(again.page)).toBe(text['promo.smsSent']);
    await again.page.getByLabel(text['promo.smsCode']).fill(latestCode(known));
    await again.page.getByRole('button', { name: text['promo.register'], exact: true }).click();
    await expect.poll(() => again.page.getByRole('heading', { level: 1 }).textContent()).toBe(text['promo.download.existing']);
    await expect.poll(() => toastText(again.page)).toBe(PROMOTION_MESSAGES['11'][language]);
    await imagesDrawn(again.page);
    await screenshot(again.page, `promo-download-existing-${language}`);
    expect(await again.page.getByRole('link', { name: text['promo.download.webSignIn'] }).getAttribute('href')).toContain(`${AppRoute.signIn}?`);
    await again.context.close();

    // Two visits, two Register clicks, two SMS, one registration.
    await expect
      .poll(() => JSON.parse(cli('promo', 'funnel', '--template', String(id))[0] ?? '{}'))
      .toEqual({ templateId: id, visits: 2, clicks: 2, smsSent: 2, registrations: 1 });
  });
});

/**
 * Each market's landing (docs/decisions/232), whatever the server's default market: India's read in
 * English, Mexico's in Spanish, at a phone's width. The API tests check the borrower's market.
 */
const MARKET_CASES = [
  { market: 'IN', language: 'en', prefix: '+91', mobile: () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}` },
  { market: 'MX', language: 'es', prefix: '+52', mobile: () => `55${String(randomInt(0, 1e8)).padStart(8, '0')}` },
] as const;

describe.each(MARKET_CASES)('the promotion landing of $market in $language', ({ market, language, prefix, mobile }) => {
  it('shows the market’s country code and rule, takes its numbers only, and registers the visitor with the code texted there', async () => {
    const languageCase = LANGUAGE_CASES.find((each) => each.language === language);
    if (!languageCase) throw new Error(`no language case ${language}`);
    const { flag, text } = languageCase;
    const { id } = createPromoTemplate(baseUrl, dataDir, { ...TEMPLATE, name: `Landing of ${market}`, market });
    const phone = mobile();
    const { context, page } = await openPage(browser(), newVisitorAddress());
    await page.goto(`${baseUrl}/#${HashRoute.downloadTemplate}?app_from=landing&user_from=fb&utm_tag=${market}&id=${id}&links_id=9&language=${flag}`);
    await page.getByTestId('captcha-image').waitFor();
    const prefixShown = page.locator('.promo__prefix');
    expect(await prefixShown.textContent()).toBe(prefix);
    expect(await prefixShown.getAttribute('aria-label')).toBe(fill(text['promo.countryCode'], { code: prefix }));
    expect(await page.locator('#promo-phone-hint').textContent()).toBe(PHONE_RULES[market].hint[language]);

    const phoneInput = page.getByLabel(text['promo.phone']);
    const captchaInput = page.getByLabel(text['promo.captcha'], { exact: true });
    const send = page.getByTestId('send-code');
    await phoneInput.fill(phone);
    await expectNoHorizontalOverflow(page);
    await imagesDrawn(page);
    await screenshot(page, `promo-landing-${market.toLowerCase()}-${language}`);
    await expectAccessible(page);
    if (market === 'IN') {
      // A Mexican mobile is refused on the page, before anything is sent.
      await phoneInput.fill('5512345678');
      await captchaInput.fill('abcd');
      await send.click();
      await expect.poll(() => toastText(page)).toBe(text['promo.phoneInvalid']);
      expect(cli('sms', 'outbox', '--phone', '5512345678').filter((line) => line.includes('+915512345678'))).toEqual([]);
      await phoneInput.fill(phone);
    }

    const sid = sidOf(await captchaSrc(page));
    await page.getByTestId('captcha-image').evaluate((image: HTMLImageElement) => image.decode());
    await captchaInput.fill(captchaAnswer(sid));
    await send.click();
    await expect.poll(() => toastText(page)).toBe(text['promo.smsSent']);
    // Texted to the number in the template's country.
    const sent = JSON.parse(cli('sms', 'outbox', '--phone', `${prefix}${phone}`).at(-1) ?? '{}') as { phone: string; code: string };
    expect(sent.phone).toBe(`${prefix}${phone}`);
    await page.getByLabel(text['promo.smsCode']).fill(sent.code);
    await expect.poll(() => page.locator('.toast').count(), { timeout: 10_000 }).toBe(0);
    await imagesDrawn(page);
    await screenshot(page, `promo-landing-${market.toLowerCase()}-code-sent-${language}`);
    await page.getByRole('button', { name: text['promo.register'], exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text['promo.download.registered']);
    await imagesDrawn(page);
    await screenshot(page, `promo-download-${market.toLowerCase()}-${language}`);
    await context.close();
  });
});

describe.each(LANGUAGE_CASES)('promotion landing painted by the page in $language', ({ flag, language }) => {
  it('shows the banner and texts before any script, and the screen takes over the page’s answers without asking again', async () => {
    const { id } = createPromoTemplate(baseUrl, dataDir, TEMPLATE);
    const link = `${baseUrl}/#${HashRoute.downloadTemplate}?id=${id}&links_id=5&language=${flag}`;
    const { context, page } = await openPage(browser());
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    // No module at all: what shows is the page's own work.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(link);
    const frame = page.locator('#page-frame');
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe(TEMPLATE.content[language].title);
    expect(await frame.locator('.promo__headline').textContent()).toBe(TEMPLATE.content[language].headline);
    await imagesDrawn(page);
    expect(await frame.locator('img').getAttribute('src')).toBe(TEMPLATE.bannerUrl);
    expect(await frame.getByRole('status').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(refused).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `promo-frame-${language}`);
    await context.close();

    const live = await openPage(browser());
    const asked: string[] = [];
    live.page.on('request', (request) => {
      if (/\/(channel-template|get-sid)\?/.test(request.url())) asked.push(new URL(request.url()).pathname);
    });
    await live.page.goto(link);
    await live.page.getByTestId('captcha-image').waitFor();
    expect(await live.page.locator('#page-frame').count()).toBe(0);
    expect(await live.page.getByRole('heading', { level: 1 }).textContent()).toBe(TEMPLATE.content[language].title);
    expect(asked.sort()).toEqual(['/api/v2/youmi/promotion/get-sid', '/api/v2/youmi/service/channel/channel-template']);
    await live.context.close();
  });
});

describe.each(LANGUAGE_CASES)('promotion landing text challenge in $language', ({ flag, language, text }) => {
  it('offers a question a screen reader can read instead of the image, and sends a code for its answer', async () => {
    const { id } = createPromoTemplate(baseUrl, dataDir, TEMPLATE);
    const phone = `56${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const { context, page } = await openPage(browser(), newVisitorAddress());
    await page.goto(`${baseUrl}/#${HashRoute.downloadTemplate}?id=${id}&language=${flag}`);
    await page.getByTestId('captcha-image').waitFor();
    const sid = sidOf(await captchaSrc(page));

    await page.getByLabel(text['promo.phone']).fill(phone);
    await page.getByRole('button', { name: text['promo.captchaAskText'] }).click();
    const question = page.locator('#promo-captcha-question');
    await expect.poll(() => question.textContent()).toContain(TEXT_CHALLENGE[language].prompt);
    expect(await page.getByTestId('captcha-image').count()).toBe(0);
    const answer = captchaAnswer(sid);
    expect(await question.textContent()).toBe(textChallengeQuestion(answer, language));
    const input = page.getByLabel(text['promo.captchaTextLabel']);
    expect(await input.getAttribute('aria-describedby')).toBe('promo-captcha-question');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `promo-landing-text-challenge-${language}`);
    await expectAccessible(page);

    await input.fill(answer);
    await page.getByTestId('send-code').click();
    await expect.poll(() => toastText(page)).toBe(text['promo.smsSent']);
    expect(latestCode(phone)).toMatch(/^\d{6}$/);

    await page.getByRole('button', { name: text['promo.captchaAskImage'] }).click();
    await page.getByTestId('captcha-image').waitFor();
    expect(await question.count()).toBe(0);
    await context.close();
  });
});

describe('promotion landing without a template', () => {
  it('says the promotion is not available', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${baseUrl}/#${HashRoute.downloadTemplate}?id=999999&language=2`);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(PROMOTION_MESSAGES['108'].es);
    await screenshot(page, 'promo-unavailable-es');
    await expectAccessible(page);
    await context.close();
  });
});
