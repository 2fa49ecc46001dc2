import { ErrorCode, LoanStatus, MACHINE_BASE, MachinePath, type ErrorCodeValue } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints } from '../src/db/schema';
import { complaintCalls, openComplaintApp, refused, type Detail, type Envelope } from './complaint-helpers';
import { images } from './factories';
import { sessionQuery, type BorrowerSession, type TestApp } from './helper';

let t: TestApp;
let ana: BorrowerSession;
let bruno: BorrowerSession;
let brunoOrder: { id: number; orderNo: string };

beforeAll(async () => {
  ({ t, ana, bruno, brunoOrder } = await openComplaintApp());
});
afterAll(async () => t?.close());

const { call, uploadUrl, orderOf, complaintCount } = complaintCalls(() => t);

describe('filing a complaint', () => {
  it('stores the complaint with its images, a folio and an answer date 30 days out', async () => {
    const overdue = await orderOf(ana, LoanStatus.Overdue);
    const urls = [await uploadUrl(ana), await uploadUrl(ana, await images.webp())];
    const text = 'Me llamaron 12 veces a las 6 a. m. <b>no</b> 😡';
    // Form-encoded, as the web app sends it, with the images comma-joined.
    const form = new URLSearchParams({
      problemType: '1',
      problemSonType: '103',
      problemDetail: text,
      problemImage: urls.join(','),
      orderNo: overdue.orderNo,
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${MachinePath.complaintSave}?${sessionQuery(ana, { language: '2' })}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    const body = saved.json<Envelope<{ problemId: string; folio: string }>>();
    expect(body.code).toBe(0);
    expect(body.data.folio).toMatch(/^RC\d{8}$/);

    const detail = (await call<Detail>(ana, MachinePath.complaintDetail, { problemId: body.data.problemId }, '2')).body.data;
    expect(detail).toMatchObject({
      problemId: body.data.problemId,
      folio: body.data.folio,
      type: 'Cobranza',
      content: text,
      images: urls,
      disposeDetail: '',
      disposeImages: [],
      isNeedScore: 0,
      status: 'open',
    });
    expect(detail.sonType).not.toBe('');
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, Number(body.data.problemId)));
    expect(row?.detail).toBe(text);
    expect(((row?.dueAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000).toBe(30);
    expect(detail.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const list = (await call<{ tabs: { key: string; title: string; list: { id: string; content: string }[] }[] }>(ana, MachinePath.complaintList, {}, '2')).body.data;
    expect(list.tabs.map((tab) => [tab.key, tab.title])).toEqual([
      ['open', 'En proceso'],
      ['replied', 'Respondidas'],
    ]);
    expect(list.tabs[0]?.list.map((item) => item.id)).toContain(body.data.problemId);
    expect((await call<{ tabs: { list: unknown[] }[] }>(bruno, MachinePath.complaintList)).body.data.tabs.flatMap((tab) => tab.list)).toEqual([]);
  });

  it('counts characters, not bytes or UTF-16 units: 200 emoji pass, 201 characters do not', async () => {
    const order = await orderOf(ana, LoanStatus.UnderReview);
    const ok = await call(ana, MachinePath.complaintSave, { problemType: 2, problemSonType: 203, problemDetail: '😀'.repeat(200), orderNo: order.orderNo });
    expect(ok.body.code).toBe(0);
    const before = await complaintCount();
    const long = await call(ana, MachinePath.complaintSave, { problemType: 2, problemSonType: 203, problemDetail: 'a'.repeat(201), orderNo: order.orderNo }, '2');
    expect(long).toEqual({ status: 400, body: refused(ErrorCode.ComplaintTextTooLong, 'es') });
    expect(await complaintCount()).toBe(before);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const unflagged = await orderOf(ana, LoanStatus.Disbursed);
    const overdue = await orderOf(ana, LoanStatus.Overdue);
    const base = { problemType: 2, problemSonType: '203', problemDetail: 'The fee was not shown', orderNo: overdue.orderNo };
    const image = await uploadUrl(ana);
    const tenImages = await Promise.all(Array.from({ length: 10 }, () => uploadUrl(ana)));
    const brunoImage = await uploadUrl(bruno);
    const before = await complaintCount();

    const cases: [Record<string, unknown>, ErrorCodeValue][] = [
      [{ ...base, problemDetail: '   ' }, ErrorCode.ComplaintTextEmpty],
      [{ ...base, problemDetail: undefined }, ErrorCode.ComplaintTextEmpty],
      [{ ...base, problemDetail: 'x'.repeat(201) }, ErrorCode.ComplaintTextTooLong],
      [{ ...base, problemImage: tenImages.join(',') }, ErrorCode.ComplaintTooManyImages],
      [{ ...base, problemImage: 'https://evil.example/x.png' }, ErrorCode.ComplaintImageUnknown],
      [{ ...base, problemImage: `${image},${brunoImage}` }, ErrorCode.ComplaintImageUnknown],
      [{ ...base, problemType: 9 }, ErrorCode.ComplaintTypeUnknown],
      [{ ...base, problemType: 'collection' }, ErrorCode.ComplaintTypeUnknown],
      [{ ...base, problemType: 101 }, ErrorCode.ComplaintTypeUnknown],
      [{ ...base, problemType: 1 }, ErrorCode.ComplaintSonTypeUnknown],
      [{ ...base, problemType: 1, problemSonType: 999 }, ErrorCode.ComplaintSonTypeUnknown],
      [{ ...base, problemType: 2, problemSonType: 101 }, ErrorCode.ComplaintSonTypeUnknown],
      [{ ...base, problemSonType: '' }, ErrorCode.ComplaintSonTypeUnknown],
      [{ ...base, problemType: 1, problemSonType: 101, orderNo: unflagged.orderNo }, ErrorCode.ComplaintCollectionNotAllowed],
      [{ ...base, orderNo: brunoOrder.orderNo }, ErrorCode.ComplaintOrderNotFound],
      [{ ...base, orderNo: 'NOPE' }, ErrorCode.ComplaintOrderNotFound],
      [{ ...base, orderNo: '' }, ErrorCode.ComplaintOrderNotFound],
    ];
    for (const [payload, code] of cases) {
      for (const [flag, language] of [['1', 'en'], ['2', 'es']] as const) {
        const result = await call(ana, MachinePath.complaintSave, payload, flag);
        expect({ payload, ...result.body }).toEqual({ payload, ...refused(code, language) });
      }
    }
    expect(await complaintCount()).toBe(before);
    // The refused complaint claimed nothing: the same image still files a complaint.
    const saved = await call(ana, MachinePath.complaintSave, { ...base, problemImage: image });
    expect(saved.body.code).toBe(0);
    // ... once.
    const again = await call(ana, MachinePath.complaintSave, { ...base, problemImage: image });
    expect(again.body).toEqual(refused(ErrorCode.ComplaintImageUnknown));
  });

  it('lets exactly one of several simultaneous complaints claim the same image', async () => {
    const order = await orderOf(ana, LoanStatus.Settled);
    const image = await uploadUrl(ana);
    const before = await complaintCount();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(ana, MachinePath.complaintSave, { problemType: 3, problemDetail: `Attempt ${i}`, problemImage: image, orderNo: order.orderNo }),
      ),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === ErrorCode.ComplaintImageUnknown)).toHaveLength(5);
    expect(await complaintCount()).toBe(before + 1);
  });
});
