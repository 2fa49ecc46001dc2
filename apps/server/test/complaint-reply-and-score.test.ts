import { ErrorCode, LoanStatus, MACHINE_BASE, MachinePath, OperatorPath } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BORROWER } from '../src/seed/demo-data';
import { complaintCalls, openComplaintApp, refused, type Detail, type Envelope } from './complaint-helpers';
import { images, multipartBody } from './factories';
import { sessionQuery, type BorrowerSession, type TestApp } from './helper';

let t: TestApp;
let ana: BorrowerSession;
let bruno: BorrowerSession;

beforeAll(async () => {
  ({ t, ana, bruno } = await openComplaintApp());
});
afterAll(async () => t?.close());

const { call, orderOf, operator } = complaintCalls(() => t);

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
