import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, OPERATOR_BASE, OperatorPath, PROMOTION_BASE, PromotionCode, PromotionPath, type PromoTemplate, type PromoTemplateUpdate } from '@lend/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, UsageError, type CommandContext } from '../src/cli/commands';
import { auditLog } from '../src/db/schema';
import { createTestApp, operatorCommandLine, type TestApp } from './helper';
import { createTemplate, operatorHeaders, randomAddress, templateInput } from './promotion-helpers';
import { signedInDesks, staffCall, testClock, type StaffSession } from './staff-helpers';

/** An administrator edits a promotion template or ends its campaign (docs/decisions/209). */
let t: TestApp;
const clock = testClock();
let desks: { admin: StaffSession; agent: StaffSession; officer: StaffSession };

beforeAll(async () => {
  t = await createTestApp({ seed: true, now: clock.now });
  desks = await signedInDesks(t, clock);
});
afterAll(async () => t?.close());

const pathOf = (id: number) => OperatorPath.promoTemplate.replace(':id', String(id));

function update(id: number, payload: object, language = '1') {
  return t.app.inject({ method: 'PUT', url: `${OPERATOR_BASE}${pathOf(id)}`, headers: { ...operatorHeaders, language }, payload });
}

const changed = (overrides: Partial<PromoTemplateUpdate> = {}): PromoTemplateUpdate => ({ ...templateInput(), active: true, ...overrides });

const landing = (id: number) => t.app.inject({ url: `${PROMOTION_BASE}${PromotionPath.template}?templateId=${id}&language=1`, remoteAddress: randomAddress() });
const sid = (id: number) => t.app.inject({ url: `${PROMOTION_BASE}${PromotionPath.getSid}?templateId=${id}`, remoteAddress: randomAddress() });
const visit = (id: number) =>
  t.app.inject({
    url: `${PROMOTION_BASE}${PromotionPath.trackVisit}?${new URLSearchParams({ page_type: '1', page_id: String(id), client_type: 'web', utm_tag: 'spring' })}`,
    remoteAddress: randomAddress(),
  });

const auditRows = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'promotion.template.update'), eq(auditLog.objectId, String(id))))
    .orderBy(desc(auditLog.id));

describe('a promotion template edited', () => {
  it('serves the new content on this server at once and records what it was before', async () => {
    const { id } = await createTemplate(t.app, { name: 'Typo campain' });
    expect((await landing(id)).json()).toMatchObject({ code: '0', data: { headline: 'Borrow up to $20,000' } });

    const content = { ...templateInput().content, en: { title: 'Cash in minutes', headline: 'Borrow up to $25,000', body: 'Register with your phone.' } };
    const response = await update(id, changed({ name: 'Typo campaign', content }));
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: PromoTemplate }>().data).toMatchObject({ id, name: 'Typo campaign', active: true, content: { en: { headline: 'Borrow up to $25,000' } } });

    expect((await landing(id)).json()).toMatchObject({ code: '0', data: { headline: 'Borrow up to $25,000' } });

    const [entry] = await auditRows(id);
    expect(entry).toMatchObject({
      actorKind: 'token',
      objectType: 'promotion-template',
      before: { name: 'Typo campain', content: { en: { headline: 'Borrow up to $20,000' } } },
      after: { name: 'Typo campaign', content: { en: { headline: 'Borrow up to $25,000' } } },
    });
  });

  it('refuses visitors with 108 once its campaign has ended, at once, and takes them again when restarted', async () => {
    const { id } = await createTemplate(t.app);
    expect((await landing(id)).json()).toMatchObject({ code: '0' });
    expect((await sid(id)).json()).toMatchObject({ code: '0' });
    expect((await visit(id)).json()).toMatchObject({ code: '0' });

    expect((await update(id, changed({ active: false }))).json()).toMatchObject({ code: ErrorCode.Ok, data: { id, active: false } });
    for (const call of [landing, sid, visit]) expect((await call(id)).json()).toMatchObject({ code: PromotionCode.TemplateNotFound });
    expect((await auditRows(id))[0]).toMatchObject({ before: { active: true }, after: { active: false } });

    await update(id, changed({ active: true }));
    expect((await landing(id)).json()).toMatchObject({ code: '0' });
  });

  it('answers 404 for an unknown template and 400 in the caller’s language for a bad one, changing nothing', async () => {
    const missing = await update(999_999, changed());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: ErrorCode.NotFound });

    const { id } = await createTemplate(t.app, { name: 'Kept' });
    const spanish = await update(id, changed({ bannerUrl: 'https://tracker.example/banner.png' }), '2');
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toMatchObject({ code: ErrorCode.InvalidRequest, message: 'Valor no válido en «bannerUrl».' });
    const english = await update(id, templateInput());
    expect(english.json()).toMatchObject({ code: ErrorCode.InvalidRequest, message: 'Invalid value for "active".' });
    expect(await auditRows(id)).toEqual([]);
  });

  it('is an administrator’s change: other staff roles are refused', async () => {
    const { id } = await createTemplate(t.app);
    for (const refused of [desks.officer, desks.agent]) {
      expect(await staffCall(t, refused, 'PUT', pathOf(id), changed({ name: 'Not mine' }))).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
    }
    expect(await staffCall(t, desks.admin, 'PUT', pathOf(id), changed({ name: 'Mine' }))).toMatchObject({ status: 200, data: { name: 'Mine' } });
    expect((await auditRows(id))[0]).toMatchObject({ actorKind: 'staff', actorEmail: 'admin@lender.example', after: { name: 'Mine' } });
  });
});

describe('promo template update on the command line', () => {
  let context: CommandContext & { printed: string[] };
  beforeAll(async () => {
    context = await operatorCommandLine(t);
  });

  async function run(options: Record<string, string>): Promise<unknown> {
    const command = COMMANDS.find((c) => c.words.join(' ') === 'promo template update');
    if (!command) throw new Error('no command promo template update');
    context.printed.length = 0;
    await command.run(context, Object.fromEntries(Object.entries(options).map(([k, v]) => [k, [v]])), []);
    return JSON.parse(context.printed.join('')) as unknown;
  }

  it('replaces a template from a file and ends its campaign with --active 0', async () => {
    const { id } = await createTemplate(t.app);
    const file = join(tmpdir(), `promo-template-${id}.json`);
    writeFileSync(file, JSON.stringify(changed({ name: 'From the file' })));
    expect(await run({ id: String(id), file })).toMatchObject({ id, name: 'From the file', active: true });
    expect(await run({ id: String(id), file, active: '0' })).toMatchObject({ id, active: false });
    expect((await landing(id)).json()).toMatchObject({ code: PromotionCode.TemplateNotFound });
    await expect(run({ id: String(id), file, active: 'no' })).rejects.toThrow(UsageError);
  });
});
