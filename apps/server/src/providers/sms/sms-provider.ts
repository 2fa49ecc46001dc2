import type { SmsKind } from '@lend/contracts';

/**
 * A text message to one phone. `oneTimeCode` is for the sandbox's outbox; a real gateway ignores
 * it. `kind` says what it is for (a one-time code unless said), for the operators' outbox listing.
 */
export type SmsMessage = { phone: string; text: string; oneTimeCode?: string; kind?: SmsKind };

/** Sends SMS; the sandbox is the default and a real gateway is chosen by configuration. */
export interface SmsProvider {
  readonly name: string;
  /** Resolves once the gateway accepted the message; rejects when it did not. */
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}
