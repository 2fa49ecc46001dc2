import { AppRoute, BACKOFFICE_PATH, LanguageFlag, MachinePath, PROMOTION_BASE, PromotionCode, PromotionPath, type Language, type LoanConfirm, type ProductSummary } from '@lend/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeEn, type BackofficeCatalogue } from '../src/locales/areas/backoffice.en';
import { backofficeEs } from '../src/locales/areas/backoffice.es';
import { ADMIN, ADMIN_PASSWORD, DESKTOP, newPage as newBrowserPage, signIn, startWithFirstAdmin, TABLET } from './backoffice-e2e';
import { expectAccessible, expectNoHorizontalOverflow, gotoScreen, openPage, screenshot, sharedBrowser } from './browser';
import type { RunningServer } from './global-setup';
import { approvedSession, borrowerCall, listProducts } from './session';

/**
 * The back office's Configuration section (docs/decisions/177–179): an administrator changes a
 * product's commission, previews the borrower's confirmation, saves, and the borrower's next
 * confirmation screen shows exactly the previewed figures; the audit log shows the change. Once in
 * English on a desktop and once in Spanish on a tablet, each with its borrower reading the same
 * language. The other configuration pages are opened and scanned, and a promotion template is
 * edited on a phone's width and its campaign ended (docs/decisions/209).
 */
const browser = sharedBrowser();
const PRODUCT = 'peso-flex-91';
const BORROWER_PHONE = '5510000311';

let server: RunningServer;
let temporaryAdminPassword = '';
let product: ProductSummary;
let borrower: { userId: string; sessionId: string };
let secret: string | null = null;

beforeAll(async () => {
  ({ server, temporaryAdminPassword } = await startWithFirstAdmin('lend-e2e-backoffice-config-'));
  const found = (await listProducts(server.baseUrl, server.dataDir)).find((candidate) => candidate.code === PRODUCT);
  if (!found) throw new Error(`no product ${PRODUCT}`);
  product = found;
  borrower = await approvedSession(server.baseUrl, server.dataDir, BORROWER_PHONE, 'MX');
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

type Rows = { text: string; value: string }[];

async function rowsOf(page: Page, selector: string): Promise<Rows> {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes.map((node) => ({ text: node.querySelector('dt')?.textContent?.trim() ?? '', value: node.querySelector('dd')?.textContent?.trim() ?? '' })),
  );
}

/** The borrower's confirmation screen as they open it, at a phone's width: its rows and its annual cost line. */
async function borrowerConfirmation(language: Language): Promise<{ rows: Rows; annualCost: string }> {
  const { context, page } = await openPage(browser() as Browser);
  const flag = language === 'en' ? LanguageFlag.English : LanguageFlag.Spanish;
  const query = new URLSearchParams({ userId: borrower.userId, sessionId: borrower.sessionId, language: flag, productId: String(product.id) });
  await gotoScreen(page, `${server.baseUrl}${AppRoute.loanConfirm}?${query}`);
  await page.locator('section[aria-labelledby="details-heading"] .detail-list__row').first().waitFor();
  const rows = await rowsOf(page, 'section[aria-labelledby="details-heading"] .detail-list__row');
  const annualCost = ((await page.getByTestId('annual-cost').textContent()) ?? '').trim();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, `backoffice-config-borrower-confirm-${language}`);
  await context.close();
  return { rows, annualCost };
}

/** What the borrower's confirmation offers now (the offer capped at their credit ceiling), in major units as the form takes it. */
async function borrowerAmountTyped(): Promise<string> {
  const confirm = await borrowerCall<LoanConfirm>(server.baseUrl, { userId: borrower.userId, sessionId: borrower.sessionId }, MachinePath.loanConfirm, { productId: String(product.id) });
  return (confirm.amount / 100).toFixed(2);
}

/** What the landing's template call answers for a template now, in English. */
async function landingAnswer(templateId: string): Promise<{ code: string; data?: { headline?: string; market?: string } }> {
  const response = await fetch(`${server.baseUrl}${PROMOTION_BASE}${PromotionPath.template}?templateId=${templateId}&language=1`);
  return (await response.json()) as { code: string; data?: { headline?: string; market?: string } };
}

const CASES: readonly { language: Language; text: BackofficeCatalogue; locale: string; viewport: { width: number; height: number }; commission: string; ppm: number }[] = [
  { language: 'en', text: backofficeEn, locale: 'en-US', viewport: DESKTOP, commission: '7.5', ppm: 75_000 },
  { language: 'es', text: backofficeEs, locale: 'es-MX', viewport: TABLET, commission: '6', ppm: 60_000 },
];

describe('the back office: configuration', () => {
  let previousPpm = 0;
  beforeAll(() => {
    previousPpm = product.pricing.commissionPpm;
  });

  it.each(CASES)(
    "in $language an administrator changes a product's commission and the borrower's next confirmation shows the previewed figures",
    { timeout: 240_000 },
    async ({ language, text, locale, viewport, commission, ppm }) => {
      const { context, page } = await newBrowserPage(browser() as Browser, viewport, locale);
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/configuration`);
      await page.getByRole('heading', { name: text['bo.signIn.title'] }).waitFor();
      secret = secret === null ? await signIn(page, text, ADMIN, temporaryAdminPassword, ADMIN_PASSWORD, null) : await signIn(page, text, ADMIN, ADMIN_PASSWORD, null, secret);
      await page.getByRole('heading', { level: 1, name: text['bo.nav.configuration'] }).waitFor();
      const row = page.locator('tbody tr').filter({ hasText: PRODUCT });
      await row.waitFor();
      await screenshot(page, `backoffice-config-products-${language}`);
      await expectAccessible(page);

      // The keyboard opens the product, as any row that opens.
      await row.focus();
      await page.keyboard.press('Enter');
      const pricingForm = page.getByRole('form', { name: text['bo.cfg.pricing.title'].replace('{name}', product.name) });
      await pricingForm.waitFor();
      await pricingForm.getByLabel(`${text['bo.cfg.pricing.commissionPpm']} (%)`).fill(commission);
      await pricingForm.getByLabel(text['bo.cfg.preview.sampleAmount']).fill(await borrowerAmountTyped());
      const save = pricingForm.getByRole('button', { name: text['bo.cfg.pricing.save'] });
      expect(await save.isDisabled()).toBe(true);

      const before = await borrowerConfirmation(language);
      await pricingForm.getByRole('button', { name: text['bo.cfg.preview.run'] }).click();
      const preview = page.locator('[data-preview]');
      await preview.waitFor();
      const previewed = await rowsOf(page, '[data-preview] .bo-facts > div');
      const previewedCost = ((await page.locator('[data-annual-cost]').textContent()) ?? '').trim();
      expect(previewed[1]?.text).toContain(commission);
      expect(previewed).not.toEqual(before.rows);
      await screenshot(page, `backoffice-config-pricing-preview-${language}`);
      await expectAccessible(page);

      expect(await save.isDisabled()).toBe(false);
      await save.click();
      await page.getByRole('status').filter({ hasText: text['bo.cfg.pricing.saved'].replace('{name}', product.name) }).waitFor();

      const after = await borrowerConfirmation(language);
      expect(after.rows).toEqual(previewed);
      expect(after.annualCost).toBe(previewedCost);

      // The audit log names the change with the commission before and after.
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/audit?objectType=product&objectId=${product.id}`);
      const entry = page.locator('tbody tr[data-row]').filter({ hasText: 'product.pricing' }).first();
      await entry.waitFor();
      // Field by field, only what changed (docs/decisions/235): the commission, before and after.
      const commissionRow = entry.locator('tr[data-field$="commissionPpm"]');
      expect(await commissionRow.locator('td').allTextContents()).toEqual([String(previousPpm), String(ppm)]);
      expect(await entry.locator('tr[data-field$="interestPerDayPpm"]').count()).toBe(0);
      await screenshot(page, `backoffice-config-audit-${language}`);
      previousPpm = ppm;

      // The other configuration pages, each read and scanned.
      for (const [view, caption] of [
        ['channels', text['bo.cfg.channel.caption'].replace('{market}', text['bo.cfg.market.MX'])],
        ['complaint-types', text['bo.cfg.type.caption']],
        ['promotions', text['bo.cfg.promo.caption']],
      ] as const) {
        await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/configuration?view=${view}`);
        await page.locator('caption').filter({ hasText: caption }).waitFor();
        await page.locator('tbody tr').first().waitFor();
        await screenshot(page, `backoffice-config-${view}-${language}`);
        await expectAccessible(page);
      }
      // The landing's preview draws the template's copy in the language chosen.
      await page.locator('tbody tr').first().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.bo-landing-preview .promo__title').textContent()).not.toBe('');
      await screenshot(page, `backoffice-config-promotion-preview-${language}`);

      // On a phone's width the first template is edited: a new headline, and its campaign ended.
      await page.setViewportSize({ width: 360, height: 800 });
      const templateRow = page.locator('tbody tr').first();
      const templateId = ((await templateRow.locator('td').first().textContent()) ?? '').trim();
      const templateName = ((await templateRow.locator('td').nth(1).textContent()) ?? '').trim();
      await templateRow.getByRole('button', { name: text['bo.cfg.promo.editOf'].replace('{name}', templateName) }).click();
      const editForm = page.getByRole('form', { name: text['bo.cfg.promo.editing'].replace('{id}', templateId).replace('{name}', templateName) });
      await editForm.waitFor();
      const headline = `${language === 'en' ? 'Borrow today' : 'Pida hoy'} ${templateId}`;
      await editForm.locator('input[name="en.headline"]').fill(headline);
      // The template moves to the other market (docs/decisions/232): its landing takes that market's numbers.
      const marketSelect = editForm.getByLabel(text['bo.cfg.promo.market']);
      const movedTo = (await marketSelect.inputValue()) === 'IN' ? 'MX' : 'IN';
      await marketSelect.selectOption(movedTo);
      await editForm.getByLabel(text['bo.cfg.promo.active']).setChecked(false);
      await editForm.locator('input[name="name"]').scrollIntoViewIfNeeded();
      await screenshot(page, `backoffice-config-promotion-edit-${language}`);
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await editForm.getByRole('button', { name: text['bo.cfg.promo.save'] }).click();
      const savedText = text['bo.cfg.promo.savedEnded'].replace('{id}', templateId).replace('{name}', templateName);
      await page.getByRole('status').filter({ hasText: savedText }).waitFor();
      await page.locator('tbody tr').first().filter({ hasText: text['bo.cfg.promo.ended'] }).waitFor();
      expect(await landingAnswer(templateId)).toMatchObject({ code: PromotionCode.TemplateNotFound });

      // Started again, the landing answers at once with the new headline.
      await editForm.getByLabel(text['bo.cfg.promo.active']).setChecked(true);
      await editForm.getByRole('button', { name: text['bo.cfg.promo.save'] }).click();
      await page.locator('tbody tr').first().filter({ hasText: text['bo.cfg.promo.live'] }).waitFor();
      expect(await landingAnswer(templateId)).toMatchObject({ code: '0', data: { headline, market: movedTo } });
      await page.locator('tbody tr').first().filter({ hasText: text[movedTo === 'IN' ? 'bo.cfg.market.IN' : 'bo.cfg.market.MX'] }).waitFor();

      // A new template must name its market; the one chosen is its landing's.
      await editForm.getByRole('button', { name: text['bo.cfg.promo.newInstead'] }).click();
      const newForm = page.getByRole('form', { name: text['bo.cfg.promo.new'] });
      const newName = `${language === 'en' ? 'India launch' : 'Lanzamiento India'} ${Date.now()}`;
      await newForm.locator('input[name="name"]').fill(newName);
      for (const [field, value] of [['en.title', 'Cash in minutes'], ['en.headline', 'Register with your phone'], ['es.title', 'Efectivo en minutos'], ['es.headline', 'Regístrese con su teléfono'], ['android', 'https://play.google.com/store/apps/details?id=com.demo.lend']] as const) {
        await newForm.locator(`input[name="${field}"]`).fill(value);
      }
      const createButton = newForm.getByRole('button', { name: text['bo.cfg.promo.create'] });
      await createButton.click();
      expect(await newForm.getByLabel(text['bo.cfg.promo.market']).evaluate((select: HTMLSelectElement) => select.validity.valueMissing)).toBe(true);
      await newForm.getByLabel(text['bo.cfg.promo.market']).selectOption('IN');
      await newForm.getByLabel(text['bo.cfg.promo.market']).scrollIntoViewIfNeeded();
      await screenshot(page, `backoffice-config-promotion-new-${language}`);
      await createButton.click();
      const createdNotice = page.getByRole('status').filter({ hasText: newName });
      await createdNotice.waitFor();
      const createdId = /\d+/.exec((await createdNotice.textContent()) ?? '')?.[0] ?? '';
      expect(await landingAnswer(createdId)).toMatchObject({ code: '0', data: { market: 'IN' } });

      // India's lender (docs/decisions/230): its grievance redressal officer changed, and the site shows it at once;
      // a Mexican number for India's customer service is refused with the reason.
      await page.setViewportSize(viewport);
      await page.goto(`${server.baseUrl}${BACKOFFICE_PATH}#/configuration?view=lender&market=IN`);
      const india = text['bo.cfg.market.IN'];
      const companyForm = page.getByRole('form', { name: text['bo.cfg.lender.company'].replace('{market}', india) });
      await companyForm.waitFor();
      const officer = `${language === 'en' ? 'Asha Menon' : 'Ravi Kumar'}, Grievance Redressal Officer`;
      await companyForm.getByLabel(text['bo.cfg.lender.complaintsOfficer']).fill(officer);
      await screenshot(page, `backoffice-config-lender-${language}`);
      await expectAccessible(page);
      await companyForm.getByRole('button', { name: text['bo.cfg.save'] }).click();
      await page.getByRole('status').filter({ hasText: text['bo.cfg.lender.companySaved'].replace('{market}', india) }).waitFor();
      const facts = (await (await fetch(`${server.baseUrl}/api/site/company-facts?market=IN`)).json()) as { data: { complaintsOfficer: string } };
      expect(facts.data.complaintsOfficer).toBe(officer);
      const contactsForm = page.getByRole('form', { name: text['bo.cfg.lender.contacts'].replace('{market}', india) });
      await contactsForm.getByLabel(text['bo.cfg.lender.whatsapp']).fill('+52 55 0000 0009');
      await contactsForm.getByRole('button', { name: text['bo.cfg.save'] }).click();
      await contactsForm.locator('xpath=..').getByText(language === 'en' ? '+52 for Mexico, +91 for India' : '+52 para México, +91 para India').waitFor();
      await page.setViewportSize({ width: 360, height: 800 });
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `backoffice-config-lender-refused-${language}-360`);
      await context.close();
    },
  );
});
