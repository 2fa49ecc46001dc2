import { Limits, OPERATOR_BASE, OperatorPath, PROMOTION_BASE, PromotionPath, type PromoFunnel } from '@lend/contracts';
import { and, count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoEventCounts } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import { createTemplate, operatorHeaders, randomAddress } from './promotion-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const track = (path: string, query: Record<string, string>) =>
  t.app.inject({ url: `${PROMOTION_BASE}${path}?${new URLSearchParams(query)}`, remoteAddress: randomAddress() });

async function funnel(templateId: number): Promise<PromoFunnel> {
  const response = await t.app.inject({ url: `${OPERATOR_BASE}${OperatorPath.promoFunnel}?templateId=${templateId}`, headers: operatorHeaders });
  return response.json<{ data: PromoFunnel }>().data;
}

/** Rows the tracking calls keep for a template. */
async function storedRows(templateId: number): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(promoEventCounts).where(eq(promoEventCounts.templateId, templateId));
  return Number(row?.n ?? 0);
}

const storedCount = async (app: TestApp, templateId: number, kind: 'visit' | 'click') => {
  const [row] = await app.database.db.select({ n: sum(promoEventCounts.count) }).from(promoEventCounts).where(and(eq(promoEventCounts.templateId, templateId), eq(promoEventCounts.kind, kind)));
  return Number(row?.n ?? 0);
};
const storedVisits = (app: TestApp, templateId: number) => storedCount(app, templateId, 'visit');
const storedClicks = (app: TestApp, templateId: number) => storedCount(app, templateId, 'click');

describe('tracking is bounded', () => {
  it('counts repeated visits and clicks in one row per day and attribution, and the funnel still adds them up', async () => {
    const { id } = await createTemplate(t.app);
    const query = { page_id: String(id), client_type: 'android', utm_tag: 'spring', user_from: 'fb' };
    for (let i = 0; i < 25; i += 1) expect((await track(PromotionPath.trackVisit, query)).json()).toMatchObject({ code: '0' });
    for (let i = 0; i < 5; i += 1) await track(PromotionPath.trackClick, { ...query, phone: '5512345678' });
    expect(await funnel(id)).toMatchObject({ templateId: id, visits: 25, clicks: 5 });
    expect(await storedRows(id)).toBe(2);
  });

  it('keeps at most the set number of attributions a day, counting the rest together', async () => {
    const { id } = await createTemplate(t.app);
    const visits = Limits.promoAttributionsPerDay + 30;
    for (let i = 0; i < visits; i += 1) await track(PromotionPath.trackVisit, { page_id: String(id), client_type: 'web', utm_tag: `tag-${i}` });
    expect((await funnel(id)).visits).toBe(visits);
    expect(await storedRows(id)).toBe(Limits.promoAttributionsPerDay + 1);
  });

  it('writes a process\'s counts on its own every second, and what is left when the server closes', async () => {
    const { id } = await createTemplate(t.app);
    const query = { page_id: String(id), client_type: 'ios', utm_tag: 'flush' };
    for (let i = 0; i < 3; i += 1) await track(PromotionPath.trackVisit, query);
    await expect.poll(() => storedVisits(t, id), { timeout: 3_000, interval: 100 }).toBe(3);

    const other = await createTestApp({ sharing: t });
    await other.app.inject({ url: `${PROMOTION_BASE}${PromotionPath.trackClick}?${new URLSearchParams({ ...query, phone: '5512345678' })}`, remoteAddress: randomAddress() });
    await other.close();
    expect(await storedClicks(t, id)).toBe(1);
  });
});

