import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { currentMetrics } from '../../metrics';
import { SandboxSmsProvider } from './sandbox-sms-provider';
import { SmsDeliveryError, type SmsMessage, type SmsProvider } from './sms-provider';
import { TwilioSmsProvider } from './twilio-sms-provider';

/** The provider configuration names (SMS_PROVIDER): the sandbox, or Twilio with its settings. */
export function createSmsProvider(config: Pick<Config, 'smsProvider' | 'isProduction' | 'twilio'>, db: Queryable): SmsProvider {
  switch (config.smsProvider) {
    case 'sandbox':
      return counted(new SandboxSmsProvider(db, { keepCodes: !config.isProduction }));
    case 'twilio':
      if (!config.twilio) throw new Error('SMS_PROVIDER=twilio without its settings');
      return counted(new TwilioSmsProvider(db, config.twilio));
  }
}

/** Every message the gateway took or did not, by kind or by reason, in the current app's metrics (docs/decisions/170). */
function counted(provider: SmsProvider): SmsProvider {
  return {
    name: provider.name,
    send: async (message: SmsMessage) => {
      try {
        await provider.send(message);
      } catch (error) {
        currentMetrics().smsRefused(provider.name, error instanceof SmsDeliveryError ? error.reason : 'error');
        throw error;
      }
      currentMetrics().smsSent(provider.name, message.kind);
    },
  };
}
