import type { Queryable } from '../../db/client';
import { insertOutboxMessage } from './outbox-repository';
import { withoutCode, type SmsMessage, type SmsProvider } from './sms-provider';


/**
 * Delivers to the `sms_outbox` table, which operators read with `npm run cli -- sms outbox`.
 * The one-time code is kept only when `keepCodes` (outside production): a production app that
 * reaches this class (tests build one; the process refuses to start so, docs/decisions/062) must
 * not hold live codes in plain text.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Queryable,
    private readonly options: { keepCodes: boolean },
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const code = message.oneTimeCode ?? '';
    const kind = message.kind;
    const delivered = { kind, provider: this.name, status: 'delivered' as const };
    if (this.options.keepCodes || code === '') {
      await insertOutboxMessage(this.db, { phone: message.phone, text: message.text, code, ...delivered });
      return;
    }
    await insertOutboxMessage(this.db, { phone: message.phone, text: withoutCode(message.text, code), code: '', ...delivered });
  }
}
