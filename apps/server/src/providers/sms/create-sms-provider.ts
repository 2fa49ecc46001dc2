import type { Queryable } from '../../db/client';
import { SandboxSmsProvider } from './sandbox-sms-provider';
import type { SmsProvider } from './sms-provider';

export type SmsProviderName = 'sandbox';

/** The provider configuration names (SMS_PROVIDER); a real gateway joins the switch when one is contracted. */
export function createSmsProvider(name: SmsProviderName, db: Queryable): SmsProvider {
  switch (name) {
    case 'sandbox':
      return new SandboxSmsProvider(db);
  }
}
