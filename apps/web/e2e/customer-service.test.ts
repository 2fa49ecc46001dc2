import { AppRoute, ERROR_MESSAGES, ErrorCode, isSessionError, type ErrorCodeValue } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalOverflow, linesOf, sharedBrowser, openPage, screenLive, screenshot } from './browser';
import { LANGUAGE_CASES } from './languages';
import { createSession } from './session';
import { ownServer } from './own-server';

const { baseUrl, dataDir } = ownServer();
const browser = sharedBrowser();

const sessionCodes = Object.values(ErrorCode).filter((code) => isSessionError(code)) as ErrorCodeValue[];

describe.each(LANGUAGE_CASES)('customer service in $language', ({ flag, language, text }) => {
  it('shows the server contacts with working call, WhatsApp and e-mail actions', async () => {
    const session = createSession(baseUrl, dataDir);
    const { context, page } = await openPage(browser());
    // Record what the page would ask of an Android host.
    await context.addInitScript(() => {
      const sent: unknown[] = [];
      Object.assign(window, {
        bridgeMessages: sent,
        AndroidBridge: { postMessage: (json: string) => sent.push(JSON.parse(json)) },
      });
    });
    const query = new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: flag });
    await page.goto(`${baseUrl}${AppRoute.customerService}?${query}`);
    // The page arrives rendered with its contacts; its links speak to the bridge once the script has taken it over.
    await screenLive(page);
    await page.locator('[data-contact="telephone"]').waitFor();

    const valueOf = (key: string) => page.locator(`[data-contact="${key}"] .service__value`).textContent();
    const hrefOf = (key: string) => page.locator(`[data-contact="${key}"] a`).getAttribute('href');
    const telephone = (await valueOf('telephone'))?.trim() ?? '';
    const whatsapp = (await valueOf('whatsapp'))?.trim() ?? '';
    const email = (await valueOf('email'))?.trim() ?? '';
    expect(telephone).not.toBe('');
    expect(whatsapp).not.toBe('');
    expect(email).toContain('@');

    expect(await hrefOf('telephone')).toBe(`tel:${telephone.replace(/[^\d+]/g, '')}`);
    expect(await hrefOf('whatsapp')).toBe(`https://wa.me/${whatsapp.replace(/\D/g, '')}`);
    expect(await hrefOf('email')).toBe(`mailto:${email}`);
    expect(await page.getByText(text['service.telephone'], { exact: true }).isVisible()).toBe(true);

    await expectNoHorizontalOverflow(page);
    await screenshot(page, `customer-service-${language}`);
    await expectAccessible(page);

    await page.locator('[data-contact="telephone"] a').click();
    await page.locator('[data-contact="whatsapp"] a').click();
    const messages = await page.evaluate(() => (window as unknown as { bridgeMessages: unknown[] }).bridgeMessages);
    expect(messages).toEqual([
      { action: 'callTelephone', payload: { phone: telephone } },
      { action: 'openPage', payload: { url: `https://wa.me/${whatsapp.replace(/\D/g, '')}` } },
    ]);
    await context.close();
  });

  it("shows an Indian borrower India's contacts, and a Mexican one Mexico's (docs/decisions/230)", async () => {
    for (const [phone, market, code] of [
      ['9812340077', 'IN', '+91'],
      ['5512340077', 'MX', '+52'],
    ] as const) {
      const session = createSession(baseUrl, dataDir, phone, market);
      const { context, page } = await openPage(browser());
      const query = new URLSearchParams({ userId: session.userId, sessionId: session.sessionId, language: flag });
      await page.goto(`${baseUrl}${AppRoute.customerService}?${query}`);
      await page.locator('[data-contact="telephone"]').waitFor();
      for (const key of ['telephone', 'whatsapp']) {
        expect(((await page.locator(`[data-contact="${key}"] .service__value`).textContent()) ?? '').trim().startsWith(code)).toBe(true);
      }
      // Numbers and the address are read and copied whole: each on one line at 360 px.
      expect(await linesOf(page.locator('.service__value'))).toEqual([1, 1, 1]);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `customer-service-${market}-${language}`);
      await context.close();
    }
  });

  it('without a session shows the server refusal in the borrower language', async () => {
    const { context, page } = await openPage(browser());
    await page.goto(`${baseUrl}${AppRoute.customerService}?language=${flag}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const refusal = (await alert.textContent())?.trim() ?? '';
    expect(sessionCodes.map((code) => ERROR_MESSAGES[code][language])).toContain(refusal);
    // Said once: no toast says it again; and the way on is signing in again.
    expect(await page.locator('.toast').count()).toBe(0);
    expect(await page.getByTestId('way-on').getByRole('button', { name: text['wayOn.signIn'] }).isVisible()).toBe(true);
    expect(await page.locator('[data-contact]').count()).toBe(0);
    await screenshot(page, `customer-service-refused-${language}`);
    await expectAccessible(page);
    await context.close();
  });
});
