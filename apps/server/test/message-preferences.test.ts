import { MESSAGE_TOPIC_DEFAULTS } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers } from '../src/db/schema';
import {
  borrowersReceiving,
  messagePreferenceHistory,
  messagePreferencesOf,
  receivesMessages,
  setMessagePreference,
} from '../src/modules/preferences';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function newBorrower(): Promise<number> {
  const phone = `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [row] = await t.database.db.insert(borrowers).values({ phone }).returning({ id: borrowers.id });
  if (!row) throw new Error('no borrower');
  return row.id;
}

describe('message preferences', () => {
  it('starts with marketing off and reminders and notices on', async () => {
    const borrowerId = await newBorrower();
    expect(await messagePreferencesOf(t.database.db, borrowerId)).toEqual(MESSAGE_TOPIC_DEFAULTS);
    expect(MESSAGE_TOPIC_DEFAULTS).toEqual({ marketing: false, paymentReminders: true, accountNotices: true });
    expect(await messagePreferenceHistory(t.database.db, borrowerId)).toEqual([]);
  });

  it('keeps a switch and records each real change with its source and time', async () => {
    const borrowerId = await newBorrower();
    const db = t.database.db;
    const first = new Date('2026-11-20T10:00:00Z');
    const second = new Date('2026-11-21T10:00:00Z');
    expect(await setMessagePreference(db, { borrowerId, topic: 'marketing', enabled: true, source: 'borrower', now: first })).toMatchObject({ marketing: true });
    await setMessagePreference(db, { borrowerId, topic: 'marketing', enabled: true, source: 'borrower', now: second });
    await setMessagePreference(db, { borrowerId, topic: 'paymentReminders', enabled: false, source: 'borrower', now: second });
    expect(await messagePreferencesOf(db, borrowerId)).toEqual({ marketing: true, paymentReminders: false, accountNotices: true });
    expect(await messagePreferenceHistory(db, borrowerId)).toEqual([
      { topic: 'marketing', enabled: true, source: 'borrower', changedAt: first },
      { topic: 'paymentReminders', enabled: false, source: 'borrower', changedAt: second },
    ]);
  });

  it('tells which borrowers receive a topic, by switch or by default', async () => {
    const db = t.database.db;
    const [quiet, untouched, opted] = [await newBorrower(), await newBorrower(), await newBorrower()];
    const now = new Date();
    await setMessagePreference(db, { borrowerId: quiet, topic: 'paymentReminders', enabled: false, source: 'borrower', now });
    await setMessagePreference(db, { borrowerId: opted, topic: 'marketing', enabled: true, source: 'borrower', now });
    expect(await borrowersReceiving(db, [quiet, untouched, opted], 'paymentReminders')).toEqual(new Set([untouched, opted]));
    expect(await borrowersReceiving(db, [quiet, untouched, opted], 'marketing')).toEqual(new Set([opted]));
    expect(await receivesMessages(db, quiet, 'accountNotices')).toBe(true);
    expect(await borrowersReceiving(db, [], 'marketing')).toEqual(new Set());
  });
});
