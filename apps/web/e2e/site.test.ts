import {
  AppRoute,
  CONTACT_RESULT_PARAM,
  contactResultMessages,
  ERROR_MESSAGES,
  ErrorCode,
  SITE_API_BASE,
  SitePath,
  SiteRoute,
  type ContactMessageList,
  type Language,
} from '@lend/contracts';
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, newVisitorAddress, openPage, screenshot, sharedBrowser, VIEWPORT } from './browser';
import { fill, LANGUAGE_CASES } from './languages';
import { operatorCli } from './operator-cli';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();

/**
 * A mark in every contact name this run sends: a server kept across runs holds the messages of
 * earlier runs too, and a test must find its own, not one with the same words from before.
 */
const RUN = Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');
const contactMessages = () => (operatorCli(baseUrl, dataDir, ['contact', 'list']) as ContactMessageList).items;

/** Counts the contact form's calls to the server, to show a refused form sends nothing. */
function countContactPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `${SITE_API_BASE}${SitePath.contactMessages}`) posts += 1;
  });
  return () => posts;
}

/** React reports a hydration mismatch as a console error; a prerendered page must hydrate cleanly. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A site page runs none of its code until the visitor shows intent; a pointer moving over the
 * page is such a sign. Resolves once the page has been taken over.
 */
async function hydrate(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'false');
  await page.mouse.move(180, 300);
  await page.mouse.move(190, 320);
  await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'true');
}

/** Full-page shots start at the top, so the sticky header sits where a visitor sees it. */
async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await screenshot(page, name);
}

/** Figures the published terms must state: the term range and each market's late charges (a flat fee in India, daily tiers in Mexico). */
const TERMS_FIGURES: Record<Language, readonly string[]> = {
  en: ['91', '365', '₹1,000.00', '₹800.00', '100%'],
  es: ['91', '365', '5%', '4%', '2%'],
};

/** Each market's own terms (docs/decisions/147): who may borrow there, and its late charges in its currency. */
const MARKET_TERMS: Record<'IN' | 'MX', Record<Language, readonly string[]>> = {
  IN: { en: ['Indian national', '₹1,000.00', '₹800.00'], es: ['nacionalidad india', '₹1,000.00', '₹800.00'] },
  MX: { en: ['live in Mexico', '5%', '4%', '2%'], es: ['reside en México', '5%', '4%', '2%'] },
};

/**
 * Each market's privacy notice (docs/decisions/231): Mexico's under its law of 20 March 2025 and the
 * Secretaría that took over from INAI, India's under the DPDP Act with India's Grievance Officer;
 * and what the other market's notice must never say.
 */
const NOTICE_PHRASES: Record<'IN' | 'MX', Record<Language, readonly string[]>> = {
  MX: {
    en: ['ARCO', '20 March 2025', 'Secretaría Anticorrupción y Buen Gobierno', '20 days', '15 working days', 'CURP', 'Demo Préstamos México'],
    es: ['ARCO', '20 de marzo de 2025', 'Secretaría Anticorrupción y Buen Gobierno', '20 días', '15 días hábiles', 'CURP', 'Demo Préstamos México'],
  },
  IN: {
    en: ['Digital Personal Data Protection Act, 2023', 'Data Fiduciary', 'Aadhaar', 'Nomination', 'Data Protection Board of India', '30 days', 'Priya Raman'],
    es: ['Digital Personal Data Protection Act, 2023', 'Fiduciario de Datos', 'Aadhaar', 'Designación', 'Junta de Protección de Datos de la India', '30 días', 'Priya Raman'],
  },
};
const NOT_IN_NOTICE: Record<'IN' | 'MX', readonly string[]> = { MX: ['DPDP', 'Digital Personal Data', 'Aadhaar', 'Priya Raman'], IN: ['ARCO', 'INAI', 'CURP', 'CLABE', 'Demo Préstamos México'] };

/**
 * What the home page says of each market (docs/decisions/232): its tax and rate on interest and
 * commission, and its data-protection rights; and what it must never say of the other market.
 */
const HOME_MARKET: Record<'IN' | 'MX', { says: Record<Language, readonly string[]>; never: readonly string[] }> = {
  IN: {
    says: {
      en: ['GST of 18% on interest and commission', 'Digital Personal Data Protection Act, 2023 (access, correction and erasure, grievance redressal and nomination)'],
      es: ['GST del 18% sobre intereses y comisión', 'Ley de Protección de Datos Personales Digitales de 2023 de la India (acceso, corrección y supresión, atención de quejas y designación de un representante)'],
    },
    never: ['ARCO', 'IVA', 'VAT', '16%'],
  },
  MX: {
    says: {
      en: ['VAT (IVA) of 16% on interest and commission', 'ARCO rights (access, rectification, cancellation and opposition)'],
      es: ['IVA del 16% sobre intereses y comisión', 'derechos ARCO (acceso, rectificación, cancelación y oposición)'],
    },
    never: ['GST', '18%', 'Digital Personal Data', 'Datos Personales Digitales'],
  },
};

/** The home page's words of a market, to fill its answers' placeholders as the page does. */
const marketWords = (text: (typeof LANGUAGE_CASES)[number]['text'], market: 'IN' | 'MX') => ({
  tax: text[market === 'IN' ? 'site.tax.IN' : 'site.tax.MX'],
  rate: market === 'IN' ? '18%' : '16%',
  rights: text[market === 'IN' ? 'site.dataRights.IN' : 'site.dataRights.MX'],
});

const activeTileOpacity = (page: Page, tile: string) =>
  page.locator(`[data-tile="${tile}"] .tile__image--active`).evaluate((image) => getComputedStyle(image).opacity);

describe.each(LANGUAGE_CASES)('public site in $language', ({ flag, language, text }) => {
  const query = `?language=${flag}`;
  const toastText = (page: Page) => page.locator('.toast').textContent();

  it('home: content before scripts, sections, FAQ, tiles and the contact form', async () => {
    // Before any script: the prerendered page already shows its content, title and description.
    const noScript = await browser().newContext({ viewport: VIEWPORT, javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(`${baseUrl}/${query}`);
    expect(await bare.getByRole('heading', { level: 1 }).textContent()).toBe(text['site.hero.title']);
    // The way in needs no app: sign-in in the browser, in the page's language (docs/decisions/239).
    expect(await bare.getByRole('link', { name: text['site.hero.apply'] }).getAttribute('href')).toBe(`${AppRoute.signIn}${query}`);
    expect(await bare.title()).toBe(`${text['site.meta.home.title']} · ${text['brand.name']}`);
    expect(await bare.locator('meta[name="description"]').getAttribute('content')).toBe(text['site.meta.home.description'].replace('{brand}', text['brand.name']));
    expect(await bare.locator('[data-testid="footer-facts"]').textContent()).toContain('@');
    await screenshot(bare, `site-home-before-scripts-${language}`);
    await noScript.close();

    // The contact form allows 5 an hour from an address; a server that keeps its counts across runs counts earlier runs' too.
    const { context, page } = await openPage(browser(), newVisitorAddress());
    const errors = collectErrors(page);
    const contactPosts = countContactPosts(page);
    await page.goto(`${baseUrl}/${query}`);
    await hydrate(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    const footer = page.locator('[data-testid="footer-facts"]');
    expect(await footer.locator('a[href^="tel:"]').textContent()).not.toBe('');
    expect(await footer.locator('a[href^="mailto:"]').textContent()).toContain('@');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `site-home-${language}`);
    await expectAccessible(page);

    // FAQ: the first answer open at load, one at a time.
    const answers = page.locator('.faq__answer');
    expect(await answers.count()).toBe(5);
    const openAnswers = () => answers.evaluateAll((all) => all.map((answer) => !(answer as HTMLElement).hidden));
    expect(await openAnswers()).toEqual([true, false, false, false, false]);
    await page.getByRole('button', { name: text['site.faq.speed.q'] }).click();
    expect(await openAnswers()).toEqual([false, false, true, false, false]);
    expect(await page.getByText(text['site.faq.speed.a']).isVisible()).toBe(true);
    await page.getByRole('button', { name: text['site.faq.speed.q'] }).click();
    expect(await openAnswers()).toEqual([false, false, false, false, false]);

    // Tiles: the picture changes on hover, on keyboard focus and on tap.
    expect(await activeTileOpacity(page, 'apply')).toBe('0');
    await page.locator('[data-tile="apply"]').hover();
    await expect.poll(() => activeTileOpacity(page, 'apply')).toBe('1');
    await page.mouse.move(0, 0);
    await page.locator('[data-tile="decision"]').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => activeTileOpacity(page, 'decision')).toBe('1');
    await expect.poll(() => activeTileOpacity(page, 'apply')).toBe('0');
    await page.locator('[data-tile="costs"]').click();
    expect(await page.locator('[data-tile="costs"]').getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(0, 0);
    await page.locator('[data-tile="costs"]').blur();
    await expect.poll(() => activeTileOpacity(page, 'costs')).toBe('1');

    // Nav: one section at a time, scrolled to smoothly.
    const sectionShown = (id: string) => page.locator(`section#${id}`).isVisible();
    await page.getByRole('button', { name: text['site.section.loanTerms'], exact: true }).click();
    await page.getByText(text['site.loanTerms.subtitle']).waitFor();
    expect(await sectionShown('home')).toBe(false);
    await page.locator('#loan-terms .legal').waitFor();
    const terms = (await page.locator('#loan-terms').textContent()) ?? '';
    for (const figure of TERMS_FIGURES[language]) expect(terms).toContain(figure);
    await expect.poll(() => page.locator('#loan-terms').evaluate((section) => Math.round(section.getBoundingClientRect().top))).toBeLessThan(200);
    await screenshotFromTop(page, `site-home-loan-terms-${language}`);
    await expectAccessible(page);

    await page.getByRole('button', { name: text['site.section.about'], exact: true }).click();
    expect(await sectionShown('about')).toBe(true);
    expect(await sectionShown('loan-terms')).toBe(false);
    expect(await page.locator('#about dd').first().textContent()).toContain('demo');

    await page.getByRole('button', { name: text['site.section.privacy'], exact: true }).click();
    const frame = page.frameLocator(`iframe[title="${text['site.privacy.frameTitle']}"]`);
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe(text['site.meta.privacyNotice.title']);
    await screenshotFromTop(page, `site-home-privacy-${language}`);
    await expectAccessible(page);

    await page.getByRole('button', { name: text['site.section.home'], exact: true }).click();
    expect(await sectionShown('home')).toBe(true);

    // Contact form: incomplete input is refused for 1 s and nothing is sent; a complete one is stored.
    const form = page.getByTestId('contact-form');
    await form.getByLabel(text['site.contact.fullName']).fill(`Visitante ${language} ${RUN}`);
    await form.getByRole('button', { name: text['site.contact.submit'] }).click();
    await expect.poll(() => toastText(page)).toBe(ERROR_MESSAGES[ErrorCode.ContactIncomplete][language]);
    await expect.poll(() => page.locator('.toast').count(), { timeout: 2_000 }).toBe(0);
    await form.getByLabel(text['site.contact.email']).fill('not-an-email');
    await form.getByLabel(text['site.contact.phone']).fill('+52 55 1234 5678');
    await form.getByLabel(text['site.contact.message']).fill(`Hello from the ${language} site`);
    await form.getByRole('button', { name: text['site.contact.submit'] }).click();
    await expect.poll(() => toastText(page)).toBe(ERROR_MESSAGES[ErrorCode.ContactEmailInvalid][language]);
    expect(await form.getByLabel(text['site.contact.email']).getAttribute('aria-invalid')).toBe('true');
    expect(contactPosts()).toBe(0);

    await form.getByLabel(text['site.contact.email']).fill('visitor@example.com');
    await form.getByRole('button', { name: text['site.contact.submit'] }).click();
    await expect.poll(() => toastText(page)).toBe(text['site.contact.success']);
    expect(contactPosts()).toBe(1);
    await screenshotFromTop(page, `site-home-contact-sent-${language}`);
    const [stored] = contactMessages();
    expect(stored).toMatchObject({ fullName: `Visitante ${language} ${RUN}`, email: 'visitor@example.com', message: `Hello from the ${language} site`, language });
    expect(await form.getByLabel(text['site.contact.fullName']).inputValue()).toBe('');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('each official page renders prerendered, hydrates cleanly and reads well', async () => {
    const pages: [string, string][] = [
      [SiteRoute.about, text['site.about.title']],
      [SiteRoute.user, language === 'en' ? 'User agreement' : 'Acuerdo de usuario'],
      [SiteRoute.contact, text['site.contact.title']],
      [SiteRoute.policy, text['site.meta.privacyNotice.title']],
      [SiteRoute.loan, text['site.section.loanTerms']],
    ];
    const { context, page } = await openPage(browser());
    const errors = collectErrors(page);
    const contactPosts = countContactPosts(page);
    for (const [path, heading] of pages) {
      const response = await page.goto(`${baseUrl}${path}${query}`);
      expect(response?.status(), path).toBe(200);
      await hydrate(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(heading);
      expect(await page.title(), path).toContain(text['brand.name']);
      expect(await page.locator('meta[name="description"]').getAttribute('content'), path).not.toBe('');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `site-${path.slice(1).toLowerCase()}-${language}`);
      await expectAccessible(page);
    }
    // The official contact page refuses an incomplete form too, without sending it.
    await page.goto(`${baseUrl}${SiteRoute.contact}${query}`);
    await hydrate(page);
    await page.getByRole('button', { name: text['site.contact.submit'] }).click();
    await expect.poll(() => toastText(page)).toBe(ERROR_MESSAGES[ErrorCode.ContactIncomplete][language]);
    expect(contactPosts()).toBe(0);
    // Moving between pages keeps the language.
    await page.getByRole('link', { name: text['site.page.loan'] }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(SiteRoute.loan);
    expect(new URL(page.url()).searchParams.get('language')).toBe(flag);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the loan terms show the market the link names, in the page language, and switch market', async () => {
    const { context, page } = await openPage(browser());
    const errors = collectErrors(page);
    const other = language === 'en' ? 'IN' : 'MX';
    const crossed = language === 'en' ? 'MX' : 'IN';
    // The other market's terms in this language: a Mexican borrower reading English gets Mexico's.
    await page.goto(`${baseUrl}${SiteRoute.loan}${query}&market=${crossed}`);
    // Before the page's code runs the prerendered page is already the market's.
    let terms = (await page.locator('main').textContent()) ?? '';
    for (const phrase of MARKET_TERMS[crossed][language]) expect(terms).toContain(phrase);
    await hydrate(page);
    expect(await page.getByTestId(`terms-market-${crossed}`).getAttribute('aria-current')).toBe('page');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `site-loan-${crossed.toLowerCase()}-${language}`);
    await expectAccessible(page);
    // The switch opens the other market's terms, still in this language.
    await page.getByTestId(`terms-market-${other}`).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('market')).toBe(other);
    expect(new URL(page.url()).searchParams.get('language')).toBe(flag);
    terms = (await page.locator('main').textContent()) ?? '';
    for (const phrase of MARKET_TERMS[other][language]) expect(terms).toContain(phrase);
    // The language switch keeps the market.
    const switchHref = (await page.locator('.site__language').getAttribute('href')) ?? '';
    expect(new URL(switchHref, baseUrl).searchParams.get('market')).toBe(other);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the home page speaks for the market the address names, its FAQ and tiles with that market’s tax and data rights, and switches market', async () => {
    const { context, page } = await openPage(browser());
    const errors = collectErrors(page);
    for (const market of ['MX', 'IN'] as const) {
      await page.goto(`${baseUrl}/${query}&market=${market}`);
      // Before the page's code runs, the prerendered page is already the market's.
      const main = page.locator('main');
      let said = (await main.textContent()) ?? '';
      for (const phrase of HOME_MARKET[market].says[language]) expect(said).toContain(phrase);
      for (const phrase of HOME_MARKET[market].never) expect(said).not.toContain(phrase);
      await hydrate(page);
      said = (await main.textContent()) ?? '';
      for (const phrase of HOME_MARKET[market].says[language]) expect(said).toContain(phrase);
      expect(await page.getByTestId(`site-market-${market}`).getAttribute('aria-current')).toBe('page');
      // The FAQ's first answer, open at load, gives the market's tax and rate.
      expect(await page.locator('.faq__answer').first().textContent()).toBe(fill(text['site.faq.fees.a'], marketWords(text, market)));
      expect(await page.locator('[data-tile="data"] .tile__body').textContent()).toBe(fill(text['site.tile.data.body'], marketWords(text, market)));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await expectNoHorizontalOverflow(page);
      await screenshotFromTop(page, `site-home-${market.toLowerCase()}-${language}`);
      await expectAccessible(page);
      // The language switch and the site's links keep the market.
      expect(new URL((await page.locator('.site__language').getAttribute('href')) ?? '', baseUrl).searchParams.get('market')).toBe(market);
      const loanLink = new URL((await page.locator('footer').getByRole('link', { name: text['site.page.loan'] }).getAttribute('href')) ?? '', baseUrl);
      expect([loanLink.pathname, loanLink.searchParams.get('market'), loanLink.searchParams.get('language')]).toEqual([SiteRoute.loan, market, flag]);
    }
    // Without a market the page is its language's; the switch opens the other market in this language.
    const own = language === 'en' ? 'IN' : 'MX';
    const other = own === 'IN' ? 'MX' : 'IN';
    await page.goto(`${baseUrl}/${query}`);
    await hydrate(page);
    expect(await page.getByTestId(`site-market-${own}`).getAttribute('aria-current')).toBe('page');
    for (const phrase of HOME_MARKET[own].says[language]) expect((await page.locator('main').textContent()) ?? '').toContain(phrase);
    await page.getByTestId(`site-market-${other}`).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('market')).toBe(other);
    expect(new URL(page.url()).searchParams.get('language')).toBe(flag);
    for (const phrase of HOME_MARKET[other].says[language]) expect((await page.locator('main').textContent()) ?? '').toContain(phrase);
    // The loan terms section of the home page is the market's too.
    await page.getByRole('button', { name: text['site.section.loanTerms'], exact: true }).click();
    await page.locator('#loan-terms .legal').waitFor();
    const terms = (await page.locator('#loan-terms').textContent()) ?? '';
    for (const phrase of MARKET_TERMS[other][language]) expect(terms).toContain(phrase);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    { path: 'a re-render after hydration', submitFirst: false },
    { path: 'a submit that starts the page', submitFirst: true },
  ])('the contact form keeps what was typed before its script loaded, through $path', async ({ submitFirst }) => {
    const { context, page } = await openPage(browser());
    const errors = collectErrors(page);
    // Every script is held from the start: the visitor types into the page as the server sent it.
    const held: (() => void)[] = [];
    let holding = true;
    await page.route('**/*.js', async (route) => {
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    // Each of these visitors writes from an address of their own, so the contact form's limit per
    // address is left to the other tests.
    const visitor = newVisitorAddress();
    await page.route(`**${SitePath.contactMessages}**`, (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': visitor } }));
    await page.goto(`${baseUrl}${SiteRoute.contact}${query}`, { waitUntil: 'commit' });
    const form = page.getByTestId('contact-form');
    const field = (label: string) => form.getByLabel(label);
    const typed = {
      fullName: `Early ${language} ${submitFirst ? 'submit' : 'typing'} ${RUN}`,
      email: 'early@example.com',
      phone: '+52 55 1234 5678',
      message: `Typed before the script, ${language}`,
    };
    await field(text['site.contact.fullName']).fill(typed.fullName);
    await field(text['site.contact.email']).fill(typed.email);
    await field(text['site.contact.phone']).fill(typed.phone);
    await field(text['site.contact.message']).fill(typed.message);
    expect(held.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.getElementById('root')?.dataset.hydrated)).toBeUndefined();
    holding = false;
    for (const release of held.splice(0)) release();
    await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'false');
    if (!submitFirst) {
      await hydrate(page);
      // Typing again re-renders the form: what was typed before must still be there.
      await field(text['site.contact.message']).press('End');
      await field(text['site.contact.message']).pressSequentially('!');
      typed.message = `${typed.message}!`;
      expect(await field(text['site.contact.fullName']).inputValue()).toBe(typed.fullName);
      expect(await field(text['site.contact.email']).inputValue()).toBe(typed.email);
      expect(await field(text['site.contact.phone']).inputValue()).toBe(typed.phone);
      expect(await field(text['site.contact.message']).inputValue()).toBe(typed.message);
    }
    // A submit made before the page is live is held and sent once it is, with everything typed.
    await form.getByRole('button', { name: text['site.contact.submit'] }).click();
    await expect.poll(() => page.locator('.toast').textContent()).toBe(text['site.contact.success']);
    const stored = contactMessages().find((message) => message.fullName === typed.fullName);
    expect(stored).toMatchObject({ email: typed.email, message: typed.message, language });
    await screenshotFromTop(page, `site-contact-typed-early-${submitFirst ? 'submit' : 'typing'}-${language}`);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the contact form posts without script, and the contact page says the message was sent (docs/decisions/151)', async () => {
    // Its own address (the server trusts the loopback proxy in these tests): the limit per address stays out of the way.
    const noScript = await browser().newContext({
      viewport: VIEWPORT,
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'x-forwarded-for': newVisitorAddress() },
    });
    const page = await noScript.newPage();
    await page.goto(`${baseUrl}${SiteRoute.contact}${query}`);
    const form = page.getByTestId('contact-form');
    const sent = { fullName: `No script ${language} ${RUN}`, email: 'noscript@example.com', phone: '+52 55 1234 5678', message: `Sent with no script, ${language}` };
    const submitted = () =>
      Promise.all([page.waitForURL((url) => url.searchParams.has(CONTACT_RESULT_PARAM)), form.getByRole('button', { name: text['site.contact.submit'] }).click()]);
    // A refused form comes back with the refusal, in the page language, and nothing stored.
    await form.getByLabel(text['site.contact.fullName']).fill(sent.fullName);
    await submitted();
    expect(new URL(page.url()).searchParams.get(CONTACT_RESULT_PARAM)).toBe(String(ErrorCode.ContactIncomplete));
    expect(await form.getByRole('alert').textContent()).toBe(contactResultMessages(String(ErrorCode.ContactIncomplete), language).refused);
    expect(await form.getByRole('status', { includeHidden: true }).textContent()).toBe('');
    await screenshotFromTop(page, `site-contact-no-script-refused-${language}`);
    await form.getByLabel(text['site.contact.fullName']).fill(sent.fullName);
    await form.getByLabel(text['site.contact.email']).fill(sent.email);
    await form.getByLabel(text['site.contact.phone']).fill(sent.phone);
    await form.getByLabel(text['site.contact.message']).fill(sent.message);
    await submitted();
    const answered = new URL(page.url());
    expect(answered.pathname).toBe(SiteRoute.contact);
    expect(answered.searchParams.get(CONTACT_RESULT_PARAM)).toBe('sent');
    expect(answered.searchParams.get('language')).toBe(language === 'en' ? flag : null);
    // No field ever travels in the address.
    expect(answered.search).not.toContain('noscript');
    expect(await form.getByRole('status').textContent()).toBe(contactResultMessages('sent', language).sent);
    expect(await form.getByRole('alert', { includeHidden: true }).textContent()).toBe('');
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    await screenshotFromTop(page, `site-contact-no-script-sent-${language}`);
    // The operator finds the one message sent; the refused one left nothing.
    const stored = contactMessages().filter((message) => message.fullName === sent.fullName);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: sent.email, phone: sent.phone, message: sent.message, language });
    await noScript.close();
  });

  it('loads no page code until the visitor acts, and a tap made before it arrives still counts', async () => {
    const { context, page } = await openPage(browser());
    const errors = collectErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/${query}`, { waitUntil: 'networkidle' });
    // The entry and the site's small first script only: no React, no page code.
    expect(scripts).toHaveLength(2);
    expect(await page.evaluate(() => document.getElementById('root')?.dataset.hydrated)).toBe('false');
    // The first tap starts the page's code; it is replayed once the page is live.
    await page.getByRole('button', { name: text['site.faq.fees.q'] }).click();
    await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'true');
    await expect.poll(() => page.getByRole('button', { name: text['site.faq.fees.q'] }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByText(fill(text['site.faq.fees.a'], marketWords(text, language === 'en' ? 'IN' : 'MX'))).isVisible()).toBe(false);
    expect(await page.getByText(fill(text['site.faq.fees.a'], marketWords(text, language === 'en' ? 'IN' : 'MX'))).count()).toBe(1);
    expect(scripts.length).toBeGreaterThan(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a hash link on the site root never shows the site, and runs no script the policy refuses', async () => {
    const { context, page } = await openPage(browser());
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/#/addnormalcard${query}`, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('.site').first().isVisible().catch(() => false)).toBe(false);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text['card.add.title']);
    expect(await page.locator('.site').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the privacy notice stands on its own at both of its addresses, the market the address names or else the language’s', async () => {
    const { context, page } = await openPage(browser());
    const errors = collectErrors(page);
    const own = language === 'en' ? 'IN' : 'MX';
    const crossed = language === 'en' ? 'MX' : 'IN';
    const expectNotice = (notice: string, market: 'IN' | 'MX') => {
      for (const phrase of NOTICE_PHRASES[market][language]) expect(notice, phrase).toContain(phrase);
      for (const phrase of NOT_IN_NOTICE[market]) expect(notice, phrase).not.toContain(phrase);
    };
    for (const path of [AppRoute.privacyPolicy, AppRoute.privacyNotice]) {
      await page.goto(`${baseUrl}${path}${query}`);
      await hydrate(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text['site.meta.privacyNotice.title']);
      expect(await page.title()).toContain(text['site.meta.privacyNotice.title']);
      expectNotice((await page.locator('main').textContent()) ?? '', own);
      expect(await page.getByTestId(`privacy-market-${own}`).getAttribute('aria-current')).toBe('page');
    }
    if (language === 'es') {
      expect(await page.getByRole('link', { name: 'sitio web' }).getAttribute('href')).toBe('/');
    }
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `privacy-notice-${own.toLowerCase()}-${language}`);
    await expectAccessible(page);

    // The other market's notice in this language, as the app opens it for a borrower of that market:
    // already that market's before the page's code runs, with that market's lender.
    for (const path of [AppRoute.privacyNotice, SiteRoute.policy]) {
      await page.goto(`${baseUrl}${path}${query}&market=${crossed}`);
      expectNotice((await page.locator('main').textContent()) ?? '', crossed);
      await hydrate(page);
      expectNotice((await page.locator('main').textContent()) ?? '', crossed);
      expect(await page.getByTestId(`privacy-market-${crossed}`).getAttribute('aria-current')).toBe('page');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `privacy-notice-${crossed.toLowerCase()}-${language}${path === SiteRoute.policy ? '-site' : ''}`);
      await expectAccessible(page);
    }
    // The switch opens this language's own market's notice.
    await page.getByTestId(`privacy-market-${own}`).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('market')).toBe(own);
    expectNotice((await page.locator('main').textContent()) ?? '', own);
    expect(errors).toEqual([]);
    await context.close();
  });
});
