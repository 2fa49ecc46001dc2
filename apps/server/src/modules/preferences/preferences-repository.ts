import { and, desc, eq, inArray } from 'drizzle-orm';
import type { MessageTopic, PreferenceSource } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { wholeListCount } from '../../db/paging';
import { messagePreferenceChanges, messagePreferences } from '../../db/schema';

export type PreferenceRow = { topic: string; enabled: boolean };

export function findPreferences(db: Queryable, borrowerId: number): Promise<PreferenceRow[]> {
  return db
    .select({ topic: messagePreferences.topic, enabled: messagePreferences.enabled })
    .from(messagePreferences)
    .where(eq(messagePreferences.borrowerId, borrowerId));
}

/** The switch of each listed borrower who set one for the topic. */
export function findTopicSwitches(db: Queryable, borrowerIds: readonly number[], topic: MessageTopic): Promise<{ borrowerId: number; enabled: boolean }[]> {
  if (borrowerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ borrowerId: messagePreferences.borrowerId, enabled: messagePreferences.enabled })
    .from(messagePreferences)
    .where(and(eq(messagePreferences.topic, topic), inArray(messagePreferences.borrowerId, [...borrowerIds])));
}

export async function saveSwitch(db: Queryable, borrowerId: number, topic: MessageTopic, enabled: boolean, now: Date): Promise<void> {
  await db
    .insert(messagePreferences)
    .values({ borrowerId, topic, enabled, updatedAt: now })
    .onConflictDoUpdate({ target: [messagePreferences.borrowerId, messagePreferences.topic], set: { enabled, updatedAt: now } });
}

export async function insertChange(
  db: Queryable,
  change: { borrowerId: number; topic: MessageTopic; enabled: boolean; source: PreferenceSource; changedAt: Date },
): Promise<void> {
  await db.insert(messagePreferenceChanges).values(change);
}

const changeColumns = {
  topic: messagePreferenceChanges.topic,
  enabled: messagePreferenceChanges.enabled,
  source: messagePreferenceChanges.source,
  changedAt: messagePreferenceChanges.changedAt,
};

/** The borrower's newest changes, newest first, each with the count of all. */
export function findNewestChanges(db: Queryable, borrowerId: number, limit: number) {
  return db
    .select({ ...changeColumns, total: wholeListCount() })
    .from(messagePreferenceChanges)
    .where(eq(messagePreferenceChanges.borrowerId, borrowerId))
    .orderBy(desc(messagePreferenceChanges.changedAt), desc(messagePreferenceChanges.id))
    .limit(limit);
}

export function findChanges(db: Queryable, borrowerId: number): Promise<{ topic: string; enabled: boolean; source: string; changedAt: Date }[]> {
  return db
    .select(changeColumns)
    .from(messagePreferenceChanges)
    .where(eq(messagePreferenceChanges.borrowerId, borrowerId))
    .orderBy(messagePreferenceChanges.changedAt, messagePreferenceChanges.id);
}
