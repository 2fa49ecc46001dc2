import { AppRoute, DEFAULT_MERCHANT_NUMBER, HashRoute } from '@lend/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, sharedBrowser, openPage, screenshot } from './browser';
import { LANGUAGE_CASES } from './languages';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

// A 1x1 transparent PNG.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const fieldValue = (page: Page, name: string) => page.locator(`[name="${name}"]`).inputValue();
const hrefOf = async (page: Page, name: string) => (await page.getByRole('link', { name, exact: true }).getAttribute('href')) ?? '';

describe.each(LANGUAGE_CASES)('developer preview in $language', ({ flag, language, text }) => {
  it('prefills the fields and builds every page address from them', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${baseUrl}${AppRoute.testPreview}?language=${flag}`);
    await page.getByRole('heading', { name: text['preview.pages'] }).waitFor();

    const userId = await fieldValue(page, 'userId');
    const sessionId = await fieldValue(page, 'sessionId');
    expect(userId).not.toBe('');
    expect(sessionId).not.toBe('');
    expect(await fieldValue(page, 'language')).toBe(flag);

    await page.locator('[name="orderId"]').fill('777');
    await page.locator('[name="productId"]').fill('55');
    await page.locator('[name="appVersion"]').fill('9.9.9');

    const expectedQuery = {
      deviceId: await fieldValue(page, 'deviceId'),
      appVersion: '9.9.9',
      userId,
      sessionId,
      merchantNumber: DEFAULT_MERCHANT_NUMBER,
      language: flag,
      orderId: '777',
      productId: '55',
    };
    const pages: [string, string][] = [
      [text['preview.link.loanConfirm'], AppRoute.loanConfirm],
      [text['preview.link.loanDetails'], AppRoute.loanDetails],
      [text['preview.link.repayment'], AppRoute.repayment],
      [text['preview.link.delay'], AppRoute.delay],
      [text['preview.link.aboutUs'], AppRoute.aboutUs],
      [text['preview.link.complaint'], AppRoute.complaintHome],
      [text['preview.link.customerService'], AppRoute.customerService],
      [text['preview.link.privacyPolicy'], AppRoute.privacyPolicy],
      [text['preview.link.repaymentInstruction'], AppRoute.repaymentInstruction],
    ];
    for (const [label, path] of pages) {
      const url = new URL(await hrefOf(page, label), baseUrl);
      expect(url.pathname, label).toBe(path);
      expect(Object.fromEntries(url.searchParams), label).toEqual(expectedQuery);
    }
    const bindBank = await hrefOf(page, text['preview.link.bindBank']);
    expect(bindBank.startsWith(`/#${HashRoute.addNormalCard}?`)).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(bindBank.split('?')[1]))).toEqual(expectedQuery);

    await expectNoHorizontalOverflow(page);
    await screenshot(page, `test-preview-${language}`);
    await expectAccessible(page);

    // The session the preview hands out is real: customer service answers with it.
    await page.getByRole('link', { name: text['preview.link.customerService'], exact: true }).click();
    await page.locator('[data-contact="telephone"]').waitFor();
    await context.close();
  });

  it('previews a chosen photo, takes a contact name and shows the location', async () => {
    const context = await browser().newContext({
      viewport: { width: 360, height: 740 },
      permissions: ['geolocation'],
      geolocation: { latitude: 19.4326, longitude: -99.1332 },
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${AppRoute.testPreview}?language=${flag}`);
    await page.getByLabel(text['preview.choosePhoto']).setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL });
    expect(await page.getByRole('img', { name: text['preview.photoPreview'] }).isVisible()).toBe(true);
    expect(await page.getByText('pixel.png').isVisible()).toBe(true);
    await page.getByLabel(text['preview.contactName']).fill('Ana');
    await page.getByRole('button', { name: text['preview.location'] }).click();
    await expect
      .poll(() => page.locator('.preview__location').textContent())
      .toBe(text['preview.locationResult'].replace('{latitude}', '19.43260').replace('{longitude}', '-99.13320'));
    await screenshot(page, `test-preview-device-${language}`);
    await expectAccessible(page);
    await context.close();
  });

  it('explains a refused location in the borrower language', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${baseUrl}${AppRoute.testPreview}?language=${flag}`);
    await page.getByRole('button', { name: text['preview.location'] }).click();
    await expect
      .poll(() => page.locator('.preview__location').textContent())
      .toBeOneOf([text['preview.locationDenied'], text['preview.locationUnavailable']]);
    await context.close();
  });
});
