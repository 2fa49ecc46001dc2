// The outside services' settings chosen from the checked environment: where uploads are stored,
// and each market's cash and card provider with its settings (docs/decisions/107, 115, 124).
import { resolve } from 'node:path';
import type { Market } from '@lend/domain';
import { ConfigError, S3_VARIABLES, type EnvValues } from './config-env';
import type { CardProviderName } from './providers/cards/card-provider-names';
import { razorpayCardConfig, type RazorpayCardSettings } from './providers/cards/razorpay/razorpay-card-config';
import type { CashPaymentProviderName } from './providers/payments/cash-payments';
import { razorpayConfig, type RazorpayConfig } from './providers/payments/razorpay-config';
import { stripeCashConfig, type StripeCashConfig } from './providers/payments/stripe-config';
import type { ConfigProblem } from './providers/sms/twilio-config';
import type { StorageSettings } from './providers/storage/storage';

/** Each market's provider, with the variable that chose it (for the production check). */
export type MarketProviders<Name> = Record<Market, { name: Name; variable: string }>;
export type CashProviders = MarketProviders<CashPaymentProviderName>;
export type CardProviders = MarketProviders<CardProviderName>;

/**
 * The local folder unless STORAGE_URL names a bucket. An S3 setting without STORAGE_URL stops the
 * start: it would otherwise leave each server writing to its own folder while the operator believes
 * the files are shared.
 */
export function storageSettings(values: EnvValues, dataDir: string): StorageSettings {
  const location = values.STORAGE_URL;
  if (!location) {
    const stray = S3_VARIABLES.find((variable) => values[variable] !== undefined);
    if (stray) throw new ConfigError(`Configuration error: ${stray} is set but STORAGE_URL does not choose S3 storage (s3://bucket or s3://bucket/prefix)`);
    return { kind: 'local', folder: resolve(dataDir, 'uploads') };
  }
  const region = values.S3_REGION ?? values.AWS_REGION;
  if (!region) throw new ConfigError('Configuration error: S3_REGION is required when STORAGE_URL is an s3:// address (or AWS_REGION)');
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if (accessKeyId && !secretAccessKey) throw new ConfigError('Configuration error: S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set');
  if (secretAccessKey && !accessKeyId) throw new ConfigError('Configuration error: S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set');
  return {
    kind: 's3',
    ...location,
    region,
    endpoint: values.S3_ENDPOINT,
    // S3-compatible services on their own address mostly serve buckets as paths, not host names.
    forcePathStyle: values.S3_FORCE_PATH_STYLE === undefined ? values.S3_ENDPOINT !== undefined : values.S3_FORCE_PATH_STYLE === '1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** A provider's settings, or the one line that names what is wrong with them. */
export function settled<T extends object>(settings: T | ConfigProblem): T {
  if ('variable' in settings && 'message' in settings) throw new ConfigError(`Configuration error: ${settings.variable} ${settings.message}`);
  return settings;
}

/** Each market's provider: its own variable when set, else the setting for both markets. */
function perMarket<Name>(both: { name: Name; variable: string }, own: Record<Market, { name: Name | undefined; variable: string }>): MarketProviders<Name> {
  const pick = (market: Market) => {
    const { name, variable } = own[market];
    return name === undefined ? both : { name, variable };
  };
  return { MX: pick('MX'), IN: pick('IN') };
}

/** Each market's provider: its own variable, else CASH_PAYMENT_PROVIDER. Stripe carries Mexico's rails only (OXXO, SPEI). */
export function cashProviders(values: EnvValues): CashProviders {
  const providers = perMarket(
    { name: values.CASH_PAYMENT_PROVIDER, variable: 'CASH_PAYMENT_PROVIDER' },
    { MX: { name: values.CASH_PAYMENT_PROVIDER_MX, variable: 'CASH_PAYMENT_PROVIDER_MX' }, IN: { name: values.CASH_PAYMENT_PROVIDER_IN, variable: 'CASH_PAYMENT_PROVIDER_IN' } },
  );
  if (providers.IN.name === 'stripe') {
    throw new ConfigError('Configuration error: CASH_PAYMENT_PROVIDER_IN cannot be stripe: it carries Mexico\'s cash rails only (OXXO, SPEI)');
  }
  return providers;
}

/** Stripe's settings when a market uses it; a STRIPE_* setting alone is harmless (cards may use the same account: 117). */
export function stripeSettings(values: EnvValues, providers: CashProviders): StripeCashConfig | undefined {
  const user = Object.values(providers).find((provider) => provider.name === 'stripe');
  if (!user) return undefined;
  return settled(stripeCashConfig(values, user.variable));
}

/** Razorpay's settings when India's cash or cards use it; it carries India's rails only (UPI, Smart Collect, rupee cards). */
export function razorpaySettings(
  values: EnvValues,
  providers: CashProviders,
  cards: CardProviders,
): RazorpayConfig | undefined {
  if (providers.MX.name === 'razorpay') {
    throw new ConfigError(`Configuration error: ${providers.MX.variable} cannot be razorpay for Mexico: it carries India's cash rails only (UPI, bank transfers in rupees)`);
  }
  if (cards.MX.name === 'razorpay') {
    throw new ConfigError(`Configuration error: ${cards.MX.variable} cannot be razorpay for Mexico: it takes India's rupee cards only`);
  }
  const user = providers.IN.name === 'razorpay' ? providers.IN : cards.IN.name === 'razorpay' ? cards.IN : undefined;
  if (!user) return undefined;
  return settled(razorpayConfig(values, user.variable));
}

/** Each market's card provider: its own variable, else CARD_PAYMENT_PROVIDER (docs/decisions/124). */
export function cardProviders(values: EnvValues): CardProviders {
  return perMarket(
    { name: values.CARD_PAYMENT_PROVIDER, variable: 'CARD_PAYMENT_PROVIDER' },
    { MX: { name: values.CARD_PAYMENT_PROVIDER_MX, variable: 'CARD_PAYMENT_PROVIDER_MX' }, IN: { name: values.CARD_PAYMENT_PROVIDER_IN, variable: 'CARD_PAYMENT_PROVIDER_IN' } },
  );
}

/** Razorpay's card settings when India's cards run on it. */
export function razorpayCardSettings(values: EnvValues, cards: CardProviders): RazorpayCardSettings | undefined {
  if (cards.IN.name !== 'razorpay') return undefined;
  return settled(razorpayCardConfig(values, cards.IN.variable));
}
