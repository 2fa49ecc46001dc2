import type { Queryable } from '../../db/client';
import { insertOutboxMessage } from './outbox-repository';
import type { SmsMessage, SmsProvider } from './sms-provider';

/** Delivers to the `sms_outbox` table, which operators read with `npm run cli -- sms outbox`. */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  constructor(private readonly db: Queryable) {}

  async send(message: SmsMessage): Promise<void> {
    await insertOutboxMessage(this.db, { phone: message.phone, text: message.text, code: message.oneTimeCode ?? '' });
  }
}
