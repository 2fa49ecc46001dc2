/**
 * What a borrower may turn off, one switch per kind of message (docs/decisions/093).
 * - `marketing`: offers and news; sent only with consent, so it starts off.
 * - `paymentReminders`: 3 days before a due date and on it; starts on.
 * - `accountNotices`: a payment applied (with its receipt), an extension granted, a loan settled,
 *   a complaint answered; starts on.
 */
export const MESSAGE_TOPICS = ['marketing', 'paymentReminders', 'accountNotices'] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];

/** What a borrower who never touched a switch receives. */
export const MESSAGE_TOPIC_DEFAULTS: Readonly<Record<MessageTopic, boolean>> = {
  marketing: false,
  paymentReminders: true,
  accountNotices: true,
};

export type MessagePreferences = Record<MessageTopic, boolean>;

/** Where a change of switch came from, kept with each change for the consent record. */
export const PREFERENCE_SOURCES = ['borrower', 'operator', 'account-deletion'] as const;
export type PreferenceSource = (typeof PREFERENCE_SOURCES)[number];
