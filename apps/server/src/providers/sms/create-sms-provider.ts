import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { SandboxSmsProvider } from './sandbox-sms-provider';
import type { SmsProvider } from './sms-provider';

/** The provider configuration names (SMS_PROVIDER); a real gateway joins the switch when one is contracted. */
export function createSmsProvider(config: Pick<Config, 'smsProvider' | 'isProduction'>, db: Queryable): SmsProvider {
  switch (config.smsProvider) {
    case 'sandbox':
      return new SandboxSmsProvider(db, { keepCodes: !config.isProduction });
  }
}
