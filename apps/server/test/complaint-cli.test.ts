import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, LoanStatus, MACHINE_BASE, MachinePath } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError, type CommandContext } from '../src/cli/commands';
import { COMPLAINT_COMMANDS } from '../src/cli/complaint-commands';
import { createOrder, images } from './factories';
import { createTestApp, openSession, sessionQuery, type TestApp, operatorCommandLine } from './helper';

let t: TestApp;
let context: CommandContext & { printed: string[] };
const scratch = mkdtempSync(join(tmpdir(), 'lend-cli-'));

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  context = await operatorCommandLine(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs a complaint command the way main.ts does after parsing the arguments. */
async function run(words: string[], options: Record<string, string[]> = {}, positionals: string[] = []): Promise<unknown> {
  const command = COMPLAINT_COMMANDS.find((c) => c.words.join(' ') === words.join(' '));
  if (!command) throw new Error(`no command ${words.join(' ')}`);
  context.printed.length = 0;
  await command.run(context, options, positionals);
  return JSON.parse(context.printed.at(-1) ?? 'null') as unknown;
}

describe('complaint commands of the operator command line', () => {
  it('list complaints and reply with text and uploaded image files', async () => {
    const session = await openSession(t.app, '5512340001');
    const order = await createOrder(t.database.db, Number(session.userId), LoanStatus.Settled);
    const saved = await t.app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${MachinePath.complaintSave}?${sessionQuery(session)}`,
      payload: { problemType: 2, problemSonType: 203, problemDetail: 'I was charged twice', orderNo: order.orderNo },
    });
    const problemId = saved.json<{ data: { problemId: string } }>().data.problemId;

    const open = (await run(['complaint', 'list'], { status: ['open'] })) as { items: { problemId: string }[] };
    expect(open.items.map((c) => c.problemId)).toContain(problemId);

    const picture = join(scratch, 'receipt.jpg');
    writeFileSync(picture, await images.jpegWithLocation());
    const replied = await run(['complaint', 'reply'], { text: ['Refunded today.'], image: [picture, picture] }, [problemId]);
    expect(replied).toMatchObject({ problemId, status: 'replied', reply: { text: 'Refunded today.' } });
    expect((replied as { reply: { images: string[] } }).reply.images).toHaveLength(2);
    const detail = await t.app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${MachinePath.complaintDetail}?${sessionQuery(session)}`,
      payload: { problemId },
    });
    expect(detail.json()).toMatchObject({ data: { disposeDetail: 'Refunded today.', isNeedScore: 1 } });

    await expect(run(['complaint', 'reply'], { text: ['Again'] }, [problemId])).rejects.toMatchObject({
      name: 'OperatorCallError',
      code: ErrorCode.ComplaintAlreadyReplied,
      message: 'This complaint has already been answered.',
    });
  });

  it('pages the complaint list with --limit and --cursor', async () => {
    const session = await openSession(t.app, '5512340002');
    const order = await createOrder(t.database.db, Number(session.userId), LoanStatus.Settled);
    for (const detail of ['First', 'Second', 'Third']) {
      await t.app.inject({
        method: 'POST',
        url: `${MACHINE_BASE}${MachinePath.complaintSave}?${sessionQuery(session)}`,
        payload: { problemType: 2, problemSonType: 203, problemDetail: detail, orderNo: order.orderNo },
      });
    }
    type Listed = { items: { problemId: string }[]; nextCursor: string | null };
    const seen: string[] = [];
    let page = (await run(['complaint', 'list'], { limit: ['2'] })) as Listed;
    seen.push(...page.items.map((c) => c.problemId));
    while (page.nextCursor) {
      expect(page.items).toHaveLength(2);
      page = (await run(['complaint', 'list'], { limit: ['2'], cursor: [page.nextCursor] })) as Listed;
      seen.push(...page.items.map((c) => c.problemId));
    }
    const all = (await run(['complaint', 'list'], { limit: ['200'] })) as Listed;
    expect(seen).toEqual(all.items.map((c) => c.problemId));
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad usage before calling the server', async () => {
    await expect(run(['complaint', 'list'], { status: ['closed'] })).rejects.toBeInstanceOf(UsageError);
    await expect(run(['complaint', 'list'], { limit: ['201'] })).rejects.toThrow(/^--limit/);
    await expect(run(['complaint', 'list'], { cursor: ['not a cursor'] })).rejects.toThrow(/^--cursor/);
    await expect(run(['complaint', 'reply'], { text: ['x'] }, ['abc'])).rejects.toThrow('problemId must be a positive whole number');
    await expect(run(['complaint', 'reply'], {}, ['1'])).rejects.toThrow(/^--text/);
    await expect(run(['complaint', 'reply'], { text: ['x'], image: [join(scratch, 'missing.png')] }, ['1'])).rejects.toThrow(/^--image/);
    await expect(run(['complaint', 'type', 'set'], { en: ['Only English'] }, ['4'])).rejects.toThrow(/^--es/);
  });

  it('lists and changes problem types', async () => {
    const created = await run(['complaint', 'type', 'set'], { en: ['Harassment online'], es: ['Acoso en línea'], parent: ['1'], order: ['9'] }, ['108']);
    expect(created).toEqual({ value: 108, parentValue: 1, titleEn: 'Harassment online', titleEs: 'Acoso en línea', sortOrder: 9, active: true });
    const retired = await run(['complaint', 'type', 'set'], { en: ['Harassment online'], es: ['Acoso en línea'], parent: ['1'], inactive: [''] }, ['108']);
    expect(retired).toMatchObject({ value: 108, active: false });
    const listed = (await run(['complaint', 'type', 'list'])) as { types: { value: number; active: boolean }[] };
    expect(listed.types.find((type) => type.value === 108)?.active).toBe(false);
  });
});
