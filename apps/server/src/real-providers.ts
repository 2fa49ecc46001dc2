import { ConfigError, type Config } from './config';

/** Each provider setting by the variable that chooses it; `sandbox` reaches no real network. */
function providerSettings(config: Config): [variable: string, provider: string][] {
  return [
    ['SMS_PROVIDER', config.smsProvider],
    ['CASH_PAYMENT_PROVIDER', config.cashPaymentProvider],
  ];
}

/**
 * Production never runs on a sandbox (docs/decisions/062): the SMS sandbox keeps codes in a table
 * instead of sending them, the payments sandbox issues references nobody can pay. Called where the
 * process starts, so tests can still build a production app on the sandboxes.
 */
export function assertRealProviders(config: Config): void {
  if (!config.isProduction) return;
  const sandboxed = providerSettings(config)
    .filter(([, provider]) => provider === 'sandbox')
    .map(([variable]) => variable);
  if (sandboxed.length === 0) return;
  throw new ConfigError(
    `Configuration error: production must not run on a sandbox provider; set ${sandboxed.join(' and ')} to real ${sandboxed.length === 1 ? 'provider' : 'providers'}`,
  );
}
