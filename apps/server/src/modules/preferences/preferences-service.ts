import { MESSAGE_TOPIC_DEFAULTS, MESSAGE_TOPICS, type MessagePreferences, type MessageTopic, type PreferenceSource } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { newestRows, type NewestRows } from '../../db/paging';
import { findChanges, findNewestChanges, findPreferences, findTopicSwitches, insertChange, saveSwitch } from './preferences-repository';

const isTopic = (value: string): value is MessageTopic => (MESSAGE_TOPICS as readonly string[]).includes(value);

/** Every switch of the borrower, defaults filled in for those never set. */
export async function messagePreferencesOf(db: Queryable, borrowerId: number): Promise<MessagePreferences> {
  const preferences: MessagePreferences = { ...MESSAGE_TOPIC_DEFAULTS };
  for (const row of await findPreferences(db, borrowerId)) if (isTopic(row.topic)) preferences[row.topic] = row.enabled;
  return preferences;
}

/** Those of the borrowers who receive the topic, by their switch or the topic's default. */
export async function borrowersReceiving(db: Queryable, borrowerIds: readonly number[], topic: MessageTopic): Promise<Set<number>> {
  const switches = new Map((await findTopicSwitches(db, borrowerIds, topic)).map((row) => [row.borrowerId, row.enabled]));
  return new Set(borrowerIds.filter((id) => switches.get(id) ?? MESSAGE_TOPIC_DEFAULTS[topic]));
}

export async function receivesMessages(db: Queryable, borrowerId: number, topic: MessageTopic): Promise<boolean> {
  return (await borrowersReceiving(db, [borrowerId], topic)).has(borrowerId);
}

/**
 * Sets one switch and records the change in one transaction (a savepoint inside a caller's).
 * Setting a switch to what it already is records nothing: the record holds real changes only.
 */
export async function setMessagePreference(
  db: Queryable,
  change: { borrowerId: number; topic: MessageTopic; enabled: boolean; source: PreferenceSource; now: Date },
): Promise<MessagePreferences> {
  const write = async (tx: Queryable) => {
    const current = await messagePreferencesOf(tx, change.borrowerId);
    if (current[change.topic] === change.enabled) return current;
    await saveSwitch(tx, change.borrowerId, change.topic, change.enabled, change.now);
    await insertChange(tx, { borrowerId: change.borrowerId, topic: change.topic, enabled: change.enabled, source: change.source, changedAt: change.now });
    return { ...current, [change.topic]: change.enabled };
  };
  return db.transaction(write);
}

export type PreferenceChange = { topic: MessageTopic; enabled: boolean; source: string; changedAt: Date };

/** The consent record: every change of the borrower's switches, oldest first. */
/** The borrower's newest `limit` changes, oldest first, and how many older ones were left out (the data download). */
export async function newestMessagePreferenceChanges(db: Queryable, borrowerId: number, limit: number): Promise<NewestRows<PreferenceChange>> {
  const rows = (await findNewestChanges(db, borrowerId, limit)).flatMap(({ total, ...row }) => (isTopic(row.topic) ? [{ ...row, topic: row.topic, total }] : []));
  return newestRows(rows, ({ total: _total, ...change }) => change);
}

export async function messagePreferenceHistory(db: Queryable, borrowerId: number): Promise<PreferenceChange[]> {
  return (await findChanges(db, borrowerId)).flatMap((row) => (isTopic(row.topic) ? [{ ...row, topic: row.topic }] : []));
}
