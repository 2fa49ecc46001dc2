import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { SandboxSmsProvider } from './sandbox-sms-provider';
import type { SmsProvider } from './sms-provider';
import { TwilioSmsProvider } from './twilio-sms-provider';

/** The provider configuration names (SMS_PROVIDER): the sandbox, or Twilio with its settings. */
export function createSmsProvider(config: Pick<Config, 'smsProvider' | 'isProduction' | 'twilio' | 'promotionMarket'>, db: Queryable): SmsProvider {
  switch (config.smsProvider) {
    case 'sandbox':
      return new SandboxSmsProvider(db, { keepCodes: !config.isProduction });
    case 'twilio':
      if (!config.twilio) throw new Error('SMS_PROVIDER=twilio without its settings');
      return new TwilioSmsProvider(db, config.twilio, config.promotionMarket);
  }
}
