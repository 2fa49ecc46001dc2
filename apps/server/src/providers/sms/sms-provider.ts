import type { SmsKind } from '@lend/contracts';

/**
 * A text message to one phone, in E.164 (the stored form, whose country code names the market:
 * docs/decisions/091, 232). `oneTimeCode` is for the sandbox's outbox; a real gateway sends
 * the text as it is and keeps only a copy with the code hidden. `kind` says what it is for (a
 * one-time code unless said), for the operators' outbox listing and India's DLT template.
 */
export type SmsMessage = { phone: string; text: string; oneTimeCode?: string; kind: SmsKind };

/** Sends SMS; the sandbox is the default and a real gateway is chosen by configuration. */
export interface SmsProvider {
  readonly name: string;
  /** Resolves once the gateway accepted the message; rejects when it did not. */
  send(message: SmsMessage): Promise<void>;
}

/** Why a gateway did not take a message: it said no (a bad number, a blocked sender), or it could not be reached in time. */
export type SmsRefusalReason = 'refused' | 'unavailable';

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
  constructor(
    message: string,
    readonly reason: SmsRefusalReason = 'refused',
  ) {
    super(message);
  }
}

const HIDDEN_CODE = '******';

/** The text as it may be kept where the code must not be: the code becomes `******`. */
export function withoutCode(text: string, code: string | undefined): string {
  return code ? text.replaceAll(code, HIDDEN_CODE) : text;
}
