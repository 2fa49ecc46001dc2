import { PrivacyLimits } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagePreferenceChanges, sessions, smsOutbox } from '../src/db/schema';
import { createTestApp, openSession, type TestApp } from './helper';
import { myDataOf } from './privacy-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("the borrower's data download is bounded", () => {
  it('keeps the newest rows of each long list and says how many older ones it left out', async () => {
    const session = await openSession(t.app, '+525513177001');
    const borrowerId = Number(session.userId);
    const extra = 7;
    const rows = PrivacyLimits.downloadListMax + extra;
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000);
    await t.database.db.insert(messagePreferenceChanges).values(
      Array.from({ length: rows }, (_, i) => ({ borrowerId, topic: 'marketing', enabled: i % 2 === 0, source: 'borrower', changedAt: at(i) })),
    );
    // One session is already there: the one this test signs in with.
    await t.database.db.insert(sessions).values(
      Array.from({ length: rows - 1 }, (_, i) => ({ idHash: `${String(i).padStart(8, '0')}${'a'.repeat(56)}`, borrowerId, deviceId: `old-${i}`, createdAt: at(i), expiresAt: at(i + 1) })),
    );
    await t.database.db.insert(smsOutbox).values(Array.from({ length: rows }, (_, i) => ({ phone: '+525513177001', text: `notice ${i}`, kind: 'loan-settled' as const, createdAt: at(i) })));

    const { code, data } = await myDataOf(t.app, session);
    expect(code).toBe(0);
    expect(data.messagePreferences.changes).toHaveLength(PrivacyLimits.downloadListMax);
    expect(data.sessions).toHaveLength(PrivacyLimits.downloadListMax);
    expect(data.smsMessages).toHaveLength(PrivacyLimits.downloadListMax);
    // The newest are kept, oldest first as before.
    expect(data.smsMessages.at(-1)).toMatchObject({ text: `notice ${rows - 1}` });
    expect(data.smsMessages[0]).toMatchObject({ text: `notice ${extra}` });
    expect(data.olderRowsLeftOut).toEqual({ sessions: extra, messagePreferenceChanges: extra, smsMessages: extra });
  });

  it('says nothing was left out when every row fits', async () => {
    const session = await openSession(t.app, '+525513177002');
    const { data } = await myDataOf(t.app, session);
    expect(data.olderRowsLeftOut).toEqual({ sessions: 0, messagePreferenceChanges: 0, smsMessages: 0 });
    expect(data.sessions).toHaveLength(1);
  });
});
