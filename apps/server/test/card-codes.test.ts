import { CardLimits } from '@lend/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardVerifyCodes } from '../src/db/schema';
import { createTestApp, GENEROUS_BORROWER_CAPS, type TestApp } from './helper';
import { commit, confirm, latestCode, movableClock, orderWithCard, recordRow, sandboxCharges, smsCount, way } from './card-helpers';
import { paymentsOf } from './payment-helpers';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS, now: clock.now });
});
afterAll(async () => t?.close());

/** A code card's commit: the record waiting for its code, and the code the SMS carried. */
async function awaitingCode(phone: string) {
  const order = await orderWithCard(t, phone, 'code');
  const listing = await way(t, order);
  const fields = { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id };
  const committed = await commit(t, order, fields);
  if (committed.code !== '00') throw new Error(`commit failed: ${committed.message}`);
  return { order, fields, recordNo: committed.data.repayRecordId, code: await latestCode(t, phone) };
}

/** A six-digit code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function codesOf(recordNo: string) {
  const record = await recordRow(t, recordNo);
  return t.database.db.select().from(cardVerifyCodes).where(eq(cardVerifyCodes.repaymentId, record.id)).orderBy(desc(cardVerifyCodes.id));
}

describe('the SMS code of a card payment', () => {
  it('refuses a code shorter than 6 digits as a validation error in the borrower language', async () => {
    const { order, recordNo } = await awaitingCode('5578810001');
    const spanish = await confirm(t, order, recordNo, '12345');
    expect(spanish).toMatchObject({ status: 400, code: '1001', message: 'Valor no válido en «verifyCode».', data: null });
    const english = await confirm(t, order, recordNo, '12a456', '1');
    expect(english).toMatchObject({ code: '1001', message: 'Invalid value for "verifyCode".' });
    expect((await codesOf(recordNo))[0]?.wrongTries).toBe(0);
  });

  it('answers a wrong code 800006 and counts the try', async () => {
    const { order, recordNo, code } = await awaitingCode('5578810002');
    const answer = await confirm(t, order, recordNo, wrongCode(code), '1');
    expect(answer).toMatchObject({ status: 422, code: '800006', message: 'The verification code is wrong.' });
    expect((await codesOf(recordNo))[0]?.wrongTries).toBe(1);
    expect((await confirm(t, order, recordNo, code)).code).toBe('00');
  });

  it('voids the code at the fifth wrong try: the fifth answers 800006, the right code after it 800008', async () => {
    const { order, recordNo, code } = await awaitingCode('5578810003');
    const answers = [];
    for (let i = 0; i < CardLimits.codeMaxWrongTries; i += 1) answers.push((await confirm(t, order, recordNo, wrongCode(code))).code);
    expect(answers).toEqual(Array(5).fill('800006'));
    expect((await codesOf(recordNo))[0]).toMatchObject({ wrongTries: 5, voidedAt: expect.any(Date) });
    expect((await confirm(t, order, recordNo, code)).code).toBe('800008');
    expect(await sandboxCharges(t, [recordNo])).toHaveLength(0);
  });

  it('refuses an expired code (800007); a new code after the resend time works', async () => {
    const { order, fields, recordNo, code } = await awaitingCode('5578810004');
    await clock.after(CardLimits.codeTtlMs, async () => {
      expect(await confirm(t, order, recordNo, code, '1')).toMatchObject({ code: '800007', message: 'The verification code has expired. Ask for a new one.' });
      const resent = await commit(t, order, { ...fields, sendMsg: 1 });
      expect(resent).toMatchObject({ code: '00', data: { needValid: 1, repayRecordId: recordNo } });
      const fresh = await latestCode(t, order.phone);
      expect((await confirm(t, order, recordNo, fresh)).data.result.status).toBe('paid');
    });
  });

  it('refuses a used code: the record no longer waits for one (800005)', async () => {
    const { order, recordNo, code } = await awaitingCode('5578810005');
    expect((await confirm(t, order, recordNo, code)).code).toBe('00');
    expect(await confirm(t, order, recordNo, code)).toMatchObject({ status: 409, code: '800005', message: 'No envíe la solicitud de pago dos veces.' });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it('resends no sooner than 60 s after the last code (800009); a resend voids the code before it', async () => {
    const { order, fields, recordNo, code } = await awaitingCode('5578810006');
    expect(await commit(t, order, { ...fields, sendMsg: 1 })).toMatchObject({ status: 429, code: '800009' });
    expect(await smsCount(t, order.phone)).toBe(1);
    await clock.after(CardLimits.codeResendMs, async () => {
      expect((await commit(t, order, { ...fields, sendMsg: 1 })).code).toBe('00');
      expect(await smsCount(t, order.phone)).toBe(2);
      const fresh = await latestCode(t, order.phone);
      if (fresh !== code) expect((await confirm(t, order, recordNo, code)).code).toBe('800006');
      expect((await confirm(t, order, recordNo, fresh)).code).toBe('00');
    });
  });

  it('commits again without a resend: the same record, no new SMS', async () => {
    const { order, fields, recordNo } = await awaitingCode('5578810007');
    const again = await commit(t, order, fields);
    expect(again).toMatchObject({ code: '00', data: { needValid: 1, repayRecordId: recordNo } });
    expect(await smsCount(t, order.phone)).toBe(1);
  });

  it("answers another borrower's record as an unknown one (800013)", async () => {
    const { recordNo, code } = await awaitingCode('5578810008');
    const stranger = await orderWithCard(t, '5578810009', 'code');
    expect(await confirm(t, stranger, recordNo, code)).toMatchObject({ status: 404, code: '800013' });
    expect(await confirm(t, stranger, 'CRunknown', code)).toMatchObject({ status: 404, code: '800013' });
  });

  it('never stores the code itself, only its hash', async () => {
    const { recordNo, code } = await awaitingCode('5578810010');
    const [row] = await codesOf(recordNo);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });
});
