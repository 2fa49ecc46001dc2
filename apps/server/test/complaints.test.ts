import {
  ERROR_MESSAGES,
  ErrorCode,
  Limits,
  LoanStatus,
  MACHINE_BASE,
  MachinePath,
  OPERATOR_BASE,
  OperatorPath,
  type ErrorCodeValue,
} from '@lend/contracts';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '@lend/domain';
import { complaintImages, complaints, loanOrders } from '../src/db/schema';
import { DEMO_BORROWER } from '../src/seed/demo-data';
import { createOrder, images, multipartBody } from './factories';
import { createTestApp, GENEROUS_BORROWER_CAPS, openSession, sessionQuery, TEST_OPERATOR_TOKEN, type BorrowerSession, type TestApp } from './helper';

type Envelope<T = unknown> = { code: number; message: string; data: T };
type Init = {
  problemType: { title: string; value: number }[];
  problemSonType: { title: string; value: number; parentValue: number }[];
  orderDetail: { orderId: string; orderNo: string; status: number; isShow: boolean; list: { title: string; value: string }[] } | null;
  orderList: {
    orderId: string;
    orderNo: string;
    status: number;
    isShow: boolean;
    statusText: string;
    list: { title: string; value: string }[];
  }[];
};
type Detail = {
  problemId: string;
  folio: string;
  type: string;
  sonType: string;
  content: string;
  images: string[];
  disposeDetail: string;
  disposeImages: string[];
  isNeedScore: number;
  score: number | null;
  dueDate: string;
  time: string;
  status: string;
};

let t: TestApp;
let ana: BorrowerSession;
let bruno: BorrowerSession;
let brunoOrder: { id: number; orderNo: string };

beforeAll(async () => {
  // Files far more complaints for one borrower in a minute than the caps let through (they have their own test).
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS });
  ana = await openSession(t.app, DEMO_BORROWER.phone);
  bruno = await openSession(t.app, '5512349999');
  brunoOrder = await createOrder(t.database.db, Number(bruno.userId), LoanStatus.Overdue);
});
afterAll(async () => t?.close());

async function call<T = unknown>(session: BorrowerSession, path: string, body: Record<string, unknown> = {}, language = '1') {
  const response = await t.app.inject({
    method: 'POST',
    url: `${MACHINE_BASE}${path}?${sessionQuery(session, { language })}`,
    payload: body,
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
}

async function upload(session: BorrowerSession, bytes: Uint8Array, field = 'problemImage', language = '1') {
  const form = multipartBody(field, 'evidence.png', bytes);
  const response = await t.app.inject({
    method: 'POST',
    url: `${MACHINE_BASE}${MachinePath.complaintImageUpload}?${sessionQuery(session, { language })}`,
    headers: { 'content-type': form.contentType },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json<Envelope<{ url: string } | null>>() };
}

async function uploadUrl(session: BorrowerSession, bytes?: Uint8Array): Promise<string> {
  const result = await upload(session, bytes ?? (await images.png()));
  if (!result.body.data) throw new Error(`upload failed: ${JSON.stringify(result.body)}`);
  return result.body.data.url;
}

async function init(session: BorrowerSession, language = '1', orderId?: string) {
  return call<Init>(session, MachinePath.complaintInit, orderId === undefined ? {} : { orderId }, language);
}

async function orderOf(session: BorrowerSession, status: number) {
  const order = (await init(session)).body.data.orderList.find((o) => o.status === status);
  if (!order) throw new Error(`no order in status ${status}`);
  return order;
}

const refused = (code: ErrorCodeValue, language: 'en' | 'es' = 'en') => ({ code, message: ERROR_MESSAGES[code][language], data: null });

async function complaintCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(complaints);
  return row?.n ?? 0;
}

function operator(method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url: `${OPERATOR_BASE}${path}`,
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describe('complaint init', () => {
  it('lists the three problem types, the collection child types and the borrower’s own orders', async () => {
    const { status, body } = await init(ana, '1');
    expect(status).toBe(200);
    expect(body.data.problemType.map((type) => type.value)).toEqual([1, 2, 3]);
    expect(body.data.problemType[0]?.title).toBe('Debt collection');
    expect(body.data.problemSonType.length).toBeGreaterThanOrEqual(3);
    expect(body.data.problemSonType.every((son) => son.parentValue === 1)).toBe(true);
    expect(body.data.orderList).toHaveLength(7);
    expect(body.data.orderList.map((o) => o.orderNo)).not.toContain(brunoOrder.orderNo);
    // Newest first; the newest is shown when no order is asked for.
    expect(body.data.orderDetail?.orderNo).toBe(body.data.orderList[0]?.orderNo);
    const flagged = body.data.orderList.filter((o) => o.isShow).map((o) => o.status).sort();
    expect(flagged).toEqual([LoanStatus.Due, LoanStatus.Overdue, LoanStatus.Settled].sort());
    expect(body.data.orderList.find((o) => o.status === LoanStatus.Overdue)?.statusText).toBe('Overdue');
  });

  it('speaks the page’s language and formats amounts and dates by the order’s market', async () => {
    const carla = await openSession(t.app, '5512340077');
    const peso = await createOrder(t.database.db, Number(carla.userId), LoanStatus.Overdue, 'peso-flex-91');
    const rupee = await createOrder(t.database.db, Number(carla.userId), LoanStatus.Overdue, 'rupee-easy-91');
    const createdAt = async (id: number) =>
      (await t.database.db.select({ at: loanOrders.createdAt }).from(loanOrders).where(eq(loanOrders.id, id)))[0]?.at ?? new Date(0);

    const pesoInEnglish = (await init(carla, '1', String(peso.id))).body.data;
    expect(pesoInEnglish.orderDetail?.list.slice(0, 2)).toEqual([
      { title: 'Loan amount', value: expect.stringMatching(/^\$[\d,]+\.\d{2}$/) },
      { title: 'Order date', value: formatDate(await createdAt(peso.id), 'MX') },
    ]);
    const rupeeInSpanish = (await init(carla, '2', String(rupee.id))).body.data;
    expect(rupeeInSpanish.problemType[0]?.title).toBe('Cobranza');
    expect(rupeeInSpanish.orderDetail?.list.slice(0, 2)).toEqual([
      { title: 'Monto del préstamo', value: expect.stringMatching(/^₹[\d,]+\.\d{2}$/) },
      { title: 'Fecha del pedido', value: formatDate(await createdAt(rupee.id), 'IN') },
    ]);
    // The same order list, whatever the language: each order in its own currency.
    const amounts = (data: Init) => data.orderList.map((order) => [order.orderNo, order.list[0]?.value]);
    expect(amounts((await init(carla, '1')).body.data)).toEqual(amounts((await init(carla, '2')).body.data));

    // A complaint on the rupee order, read in Spanish: its times are India's.
    const complaint = { problemType: 2, problemDetail: 'Cobro doble', orderNo: rupee.orderNo };
    const saved = await call<{ problemId: string }>(carla, MachinePath.complaintSave, complaint, '2');
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, Number(saved.body.data.problemId)));
    if (!row) throw new Error('complaint not saved');
    const detail = (await call<Detail>(carla, MachinePath.complaintDetail, { problemId: saved.body.data.problemId }, '2')).body.data;
    expect(detail).toMatchObject({ time: formatDateTime(row.createdAt, 'IN'), dueDate: formatDate(row.dueAt, 'IN') });
    const list = (await call<{ tabs: { list: { id: string; time: string }[] }[] }>(carla, MachinePath.complaintList, {}, '2')).body.data;
    expect(list.tabs.flatMap((tab) => tab.list).find((item) => item.id === saved.body.data.problemId)?.time).toBe(
      formatDateTime(row.createdAt, 'IN'),
    );
  });

  it('shows the order asked for, and answers another borrower’s order like a missing one', async () => {
    const settled = await orderOf(ana, LoanStatus.Settled);
    expect((await init(ana, '1', settled.orderId)).body.data.orderDetail?.orderNo).toBe(settled.orderNo);
    const foreign = await init(ana, '1', String(brunoOrder.id));
    const missing = await init(ana, '1', '99999999');
    const garbage = await init(ana, '1', 'abc');
    expect(foreign).toEqual({ status: 404, body: refused(ErrorCode.ComplaintOrderNotFound) });
    expect(missing).toEqual(foreign);
    expect(garbage).toEqual(foreign);
  });

  it('answers the next page’s GET with the same lists', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${MACHINE_BASE}${MachinePath.complaintInit}?${sessionQuery(ana)}` });
    const body = response.json<Envelope<Init>>();
    expect(body.code).toBe(0);
    expect(body.data.problemType).toHaveLength(3);
    expect(body.data.orderList).toHaveLength(7);
  });

  it('refuses calls without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${MachinePath.complaintInit}`, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('complaint image upload', () => {
  it('re-encodes a JPEG so its camera and location metadata are gone', async () => {
    const original = await images.jpegWithLocation();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const { status, body } = await upload(ana, original);
    expect(status).toBe(200);
    expect(body.data?.url).toMatch(/^\/machine\/user-problem\/problem-img\/[a-f0-9]{32}\.jpg$/);
    const name = body.data?.url.split('/').pop() ?? '';
    const stored = await t.storage.get(name);
    if (!stored) throw new Error('not stored');
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(stored).includes(Buffer.from('LeakyCam'))).toBe(false);
  });

  it('takes a photo of several megabytes and scales it down to 2560 px', async () => {
    const noise = Buffer.alloc(3200 * 900 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width: 3200, height: 900, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
    expect(photo.length).toBeGreaterThan(Limits.bodyBytesMax);
    expect(photo.length).toBeLessThan(Limits.complaintImageBytesMax);
    const { status, body } = await upload(ana, photo);
    expect(status).toBe(200);
    const stored = await t.storage.get(body.data?.url.split('/').pop() ?? '');
    if (!stored) throw new Error('not stored');
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 2560, height: 720 });
  });

  it('accepts PNG and WebP by content, whatever the file is called', async () => {
    expect((await upload(ana, await images.png())).body.data?.url).toMatch(/\.png$/);
    expect((await upload(ana, await images.webp())).body.data?.url).toMatch(/\.webp$/);
  });

  it('refuses what is not a JPEG, PNG or WebP image, and an oversized file, storing nothing', async () => {
    const before = await t.storage.list();
    const [{ n: rowsBefore } = { n: 0 }] = await t.database.db.select({ n: count() }).from(complaintImages);
    const text = await upload(ana, Buffer.from('just text pretending to be a picture'), 'problemImage', '2');
    expect(text).toEqual({ status: 415, body: refused(ErrorCode.ComplaintImageNotImage, 'es') });
    expect((await upload(ana, await images.gif())).body).toEqual(refused(ErrorCode.ComplaintImageNotImage));
    // A PNG signature followed by garbage is not an image either.
    const fakePng = Buffer.concat([(await images.png()).subarray(0, 16), Buffer.alloc(200, 7)]);
    expect((await upload(ana, fakePng)).body).toEqual(refused(ErrorCode.ComplaintImageNotImage));
    const huge = Buffer.concat([await images.png(), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(ana, huge)).toEqual({ status: 413, body: refused(ErrorCode.ComplaintImageTooLarge) });
    expect(await t.storage.list()).toEqual(before);
    const [{ n: rowsAfter } = { n: 0 }] = await t.database.db.select({ n: count() }).from(complaintImages);
    expect(rowsAfter).toBe(rowsBefore);
  });

  it('asks for an image when the file is missing or under another field', async () => {
    expect((await upload(ana, await images.png(), 'other')).body).toEqual(refused(ErrorCode.ComplaintImageMissing));
    const plain = await call(ana, MachinePath.complaintImageUpload, {});
    expect(plain.body).toEqual(refused(ErrorCode.ComplaintImageMissing));
  });

  it('serves an image to its owner only, with nosniff', async () => {
    const url = await uploadUrl(ana);
    const own = await t.app.inject({ method: 'GET', url: `${url}?${sessionQuery(ana)}` });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('png');
    const foreign = await t.app.inject({ method: 'GET', url: `${url}?${sessionQuery(bruno)}` });
    const missing = await t.app.inject({ method: 'GET', url: `${url.replace(/[a-f0-9]{32}/, '0'.repeat(32))}?${sessionQuery(bruno)}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('filing a complaint', () => {
  it('stores the complaint with its images, a folio and an answer date 30 days out', async () => {
    const overdue = await orderOf(ana, LoanStatus.Overdue);
    const urls = [await uploadUrl(ana), await uploadUrl(ana, await images.webp())];
    const text = 'Me llamaron 12 veces a las 6 a. m. <b>no</b> 😡';
    // Form-encoded, as the web app sends it, with the images comma-joined (spec §3).
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
    const ok = await call(ana, MachinePath.complaintSave, { problemType: 2, problemDetail: '😀'.repeat(200), orderNo: order.orderNo });
    expect(ok.body.code).toBe(0);
    const before = await complaintCount();
    const long = await call(ana, MachinePath.complaintSave, { problemType: 2, problemDetail: 'a'.repeat(201), orderNo: order.orderNo }, '2');
    expect(long).toEqual({ status: 400, body: refused(ErrorCode.ComplaintTextTooLong, 'es') });
    expect(await complaintCount()).toBe(before);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const unflagged = await orderOf(ana, LoanStatus.Disbursed);
    const overdue = await orderOf(ana, LoanStatus.Overdue);
    const base = { problemType: 2, problemSonType: '', problemDetail: 'The fee was not shown', orderNo: overdue.orderNo };
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

describe('details, operator reply and score', () => {
  let problemId: string;

  beforeAll(async () => {
    const order = await orderOf(ana, LoanStatus.Due);
    const saved = await call<{ problemId: string }>(ana, MachinePath.complaintSave, {
      problemType: 1,
      problemSonType: 101,
      problemDetail: 'The collector insulted me',
      orderNo: order.orderNo,
    });
    problemId = saved.body.data.problemId;
  });

  it('answers another borrower’s complaint like a missing one', async () => {
    const foreign = await call(bruno, MachinePath.complaintDetail, { problemId });
    const missing = await call(bruno, MachinePath.complaintDetail, { problemId: '99999999' });
    const garbage = await call(bruno, MachinePath.complaintDetail, { problemId: '1 or 1=1' });
    expect(foreign).toEqual({ status: 404, body: refused(ErrorCode.ComplaintNotFound) });
    expect(missing).toEqual(foreign);
    expect(garbage).toEqual(foreign);
    expect(await call(bruno, MachinePath.complaintScore, { problemId, score: 5 })).toEqual(foreign);
  });

  it('refuses a score before the lender replied', async () => {
    expect((await call(ana, MachinePath.complaintScore, { problemId, score: 4 })).body).toEqual(refused(ErrorCode.ComplaintNotReplied));
  });

  it('lists complaints for the operator and takes one reply with an image', async () => {
    const listed = operator('GET', `${OperatorPath.complaints}?status=open`);
    const complaintsListed = (await listed).json<Envelope<{ items: { problemId: string; borrowerPhone: string; dueAt: string }[] }>>();
    expect(complaintsListed.data.items.find((c) => c.problemId === problemId)?.borrowerPhone).toBe(DEMO_BORROWER.phone);
    const dues = complaintsListed.data.items.map((c) => c.dueAt);
    expect(dues).toEqual([...dues].sort());

    const form = multipartBody('image', 'receipt.png', await images.png());
    const uploaded = await operator('POST', OperatorPath.complaintImages, form.payload, { 'content-type': form.contentType });
    const imageUrl = uploaded.json<Envelope<{ url: string }>>().data.url;
    expect(imageUrl).toMatch(/^\/operator\/v1\/complaint-images\/[a-f0-9]{32}\.png$/);
    // Borrowers cannot see an operator's upload before it is part of their reply.
    const name = imageUrl.split('/').pop() ?? '';
    const early = await t.app.inject({ method: 'GET', url: `${MACHINE_BASE}${MachinePath.complaintImage}/${name}?${sessionQuery(ana)}` });
    expect(early.statusCode).toBe(404);

    const replyPath = OperatorPath.complaintReply.replace(':problemId', problemId);
    const replied = await operator('POST', replyPath, { text: 'We have suspended the agency and apologise.', images: [imageUrl] });
    expect(replied.json()).toMatchObject({ code: 0, data: { status: 'replied', reply: { images: [imageUrl] } } });
    const twice = await operator('POST', replyPath, { text: 'Again', images: [] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual(refused(ErrorCode.ComplaintAlreadyReplied));
    expect((await operator('POST', OperatorPath.complaintReply.replace(':problemId', '99999999'), { text: 'x' })).statusCode).toBe(404);

    const detail = (await call<Detail>(ana, MachinePath.complaintDetail, { problemId })).body.data;
    expect(detail.disposeDetail).toBe('We have suspended the agency and apologise.');
    expect(detail.disposeImages).toEqual([`${MACHINE_BASE}${MachinePath.complaintImage}/${name}`]);
    expect(detail.isNeedScore).toBe(1);
    const replyImage = await t.app.inject({ method: 'GET', url: `${detail.disposeImages[0]}?${sessionQuery(ana)}` });
    expect(replyImage.statusCode).toBe(200);
    const foreignReplyImage = await t.app.inject({ method: 'GET', url: `${detail.disposeImages[0]}?${sessionQuery(bruno)}` });
    expect(foreignReplyImage.statusCode).toBe(404);
    const list = (await call<{ tabs: { key: string; list: { id: string }[] }[] }>(ana, MachinePath.complaintList)).body.data;
    expect(list.tabs.find((tab) => tab.key === 'replied')?.list.map((item) => item.id)).toContain(problemId);
  });

  it('stores one score from 1 to 5', async () => {
    for (const score of ['0', '6', '', '4.5']) {
      expect((await call(ana, MachinePath.complaintScore, { problemId, score }, '2')).body).toEqual(
        refused(ErrorCode.ComplaintScoreInvalid, 'es'),
      );
    }
    expect((await call(ana, MachinePath.complaintScore, { problemId, score: '4' })).body.code).toBe(0);
    expect((await call(ana, MachinePath.complaintScore, { problemId, score: '5' })).body).toEqual(refused(ErrorCode.ComplaintAlreadyScored));
    const detail = (await call<Detail>(ana, MachinePath.complaintDetail, { problemId })).body.data;
    expect(detail).toMatchObject({ isNeedScore: 0, score: 4 });
  });
});

describe('problem types as data', () => {
  it('lets an operator rename, add and retire types, and borrowers see the change', async () => {
    const rename = await operator('PUT', `${OperatorPath.complaintTypes}/2`, {
      titleEn: 'Loan, fees and repayment',
      titleEs: 'Préstamo, comisiones y pagos',
      sortOrder: 2,
    });
    expect(rename.json()).toMatchObject({ code: 0, data: { value: 2, titleEn: 'Loan, fees and repayment', active: true } });
    const child = await operator('PUT', `${OperatorPath.complaintTypes}/106`, { parentValue: 1, titleEn: 'Fake lawyer letters', titleEs: 'Cartas de abogados falsos', sortOrder: 6 });
    expect(child.json().code).toBe(0);
    const retire = await operator('PUT', `${OperatorPath.complaintTypes}/3`, { titleEn: 'Other', titleEs: 'Otros', active: false });
    expect(retire.json().code).toBe(0);

    const data = (await init(ana, '2')).body.data;
    expect(data.problemType.map((type) => type.title)).toEqual(['Cobranza', 'Préstamo, comisiones y pagos']);
    expect(data.problemSonType.map((son) => son.value)).toContain(106);
    const order = await orderOf(ana, LoanStatus.Overdue);
    const retired = await call(ana, MachinePath.complaintSave, { problemType: 3, problemDetail: 'x', orderNo: order.orderNo });
    expect(retired.body).toEqual(refused(ErrorCode.ComplaintTypeUnknown));

    // One level only: no child under a child, no parent becoming a child.
    expect((await operator('PUT', `${OperatorPath.complaintTypes}/107`, { parentValue: 101, titleEn: 'a', titleEs: 'a' })).statusCode).toBe(400);
    expect((await operator('PUT', `${OperatorPath.complaintTypes}/1`, { parentValue: 2, titleEn: 'a', titleEs: 'a' })).statusCode).toBe(400);
    const types = (await operator('GET', OperatorPath.complaintTypes)).json<Envelope<{ types: { value: number }[] }>>();
    expect(types.data.types.map((type) => type.value)).toEqual(expect.arrayContaining([1, 2, 3, 101, 106]));
    await operator('PUT', `${OperatorPath.complaintTypes}/3`, { titleEn: 'App, account and other matters', titleEs: 'Aplicación, cuenta y otros temas', sortOrder: 3 });
  });

  it('keeps the operator API closed to borrowers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${OperatorPath.complaints}?${sessionQuery(ana)}` });
    expect(response.statusCode).toBe(401);
  });
});
