import { z } from 'zod';

/** Twilio's public REST address; TWILIO_API_BASE_URL replaces it (a test stand-in, a proxy). */
export const TWILIO_API_BASE_URL = 'https://api.twilio.com';

export type TwilioConfig = {
  accountSid: string;
  /** Basic auth of the REST calls: the account and its auth token, or an API key and its secret. */
  credentials: { username: string; password: string };
  /** Signs Twilio's status callbacks; required to receive them. */
  authToken: string | undefined;
  /** Who the message comes from: a number or sender id, or a messaging service's pool. */
  sender: { from: string } | { messagingServiceSid: string };
  apiBaseUrl: string;
  /** Where Twilio reports delivery, exactly as Twilio signs it; no reports asked for when unset. */
  statusCallbackUrl: string | undefined;
  /** Requests per message at most, and the wait before the second (doubling each time after). */
  retry: { attempts: number; firstDelayMs: number };
  /** How long one request may take before it counts as a transient failure. */
  timeoutMs: number;
};

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = (schema: z.ZodType<string>) => z.preprocess(emptyToUndefined, schema.optional());
const sid = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`), `must be ${prefix} followed by 32 hexadecimal characters`);
const wholeNumber = (min: number, max: number, what: string, fallback: number) => {
  const error = `must be ${what} from ${min} to ${max}`;
  return z.preprocess(emptyToUndefined, z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback));
};
/**
 * India's DLT ids, once sent as form fields Twilio's Messages API does not have: set, they stop the
 * start, so nobody believes they reach Twilio (docs/decisions/226).
 */
const notRead = optional(
  z.string().refine(() => false, "is not read: Twilio's Messages API takes no DLT ids; register the entity, sender and templates with Twilio (docs/decisions/226)"),
);
const address = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' });

/** The TWILIO_* variables, each checked on its own; `twilioConfig` checks how they go together. */
export const twilioEnvShape = {
  TWILIO_ACCOUNT_SID: optional(sid('AC')),
  TWILIO_AUTH_TOKEN: optional(z.string().regex(/^[0-9a-fA-F]{32}$/, 'must be 32 hexadecimal characters')),
  TWILIO_API_KEY_SID: optional(sid('SK')),
  TWILIO_API_KEY_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  TWILIO_FROM: optional(z.string().regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]*[A-Za-z][A-Za-z0-9 ]*)$/, 'must be an E.164 number (+525512345678) or an alphanumeric sender id')),
  TWILIO_MESSAGING_SERVICE_SID: optional(sid('MG')),
  TWILIO_DLT_ENTITY_ID: notRead,
  TWILIO_DLT_TEMPLATE_IDS: notRead,
  TWILIO_API_BASE_URL: optional(address),
  TWILIO_STATUS_CALLBACK_URL: optional(address),
  TWILIO_RETRY_ATTEMPTS: wholeNumber(1, 10, 'a whole number', 3),
  TWILIO_RETRY_DELAY_MS: wholeNumber(0, 10_000, 'a whole number of milliseconds', 500),
  TWILIO_TIMEOUT_MS: wholeNumber(100, 60_000, 'a whole number of milliseconds', 10_000),
};

type TwilioEnv = z.output<z.ZodObject<typeof twilioEnvShape>>;

/** Says which variable is wrong and why; the caller turns it into its configuration error. */
export type ConfigProblem = { variable: string; message: string };

/** The settings when SMS_PROVIDER=twilio, or the first problem with how they go together. */
export function twilioConfig(env: TwilioEnv): TwilioConfig | ConfigProblem {
  const required = (variable: string, why = 'when SMS_PROVIDER=twilio') => ({ variable, message: `is required ${why}` });
  if (!env.TWILIO_ACCOUNT_SID) return required('TWILIO_ACCOUNT_SID');
  const hasKey = env.TWILIO_API_KEY_SID !== undefined || env.TWILIO_API_KEY_SECRET !== undefined;
  if (hasKey && !env.TWILIO_API_KEY_SID) return required('TWILIO_API_KEY_SID', 'with TWILIO_API_KEY_SECRET');
  if (hasKey && !env.TWILIO_API_KEY_SECRET) return required('TWILIO_API_KEY_SECRET', 'with TWILIO_API_KEY_SID');
  if (!hasKey && !env.TWILIO_AUTH_TOKEN) return required('TWILIO_AUTH_TOKEN', 'when SMS_PROVIDER=twilio (or TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET)');
  // Twilio signs its callbacks with the account's auth token; an API key cannot check them.
  if (env.TWILIO_STATUS_CALLBACK_URL && !env.TWILIO_AUTH_TOKEN) return required('TWILIO_AUTH_TOKEN', 'with TWILIO_STATUS_CALLBACK_URL (it checks the callbacks’ signatures)');
  if (env.TWILIO_FROM && env.TWILIO_MESSAGING_SERVICE_SID) return { variable: 'TWILIO_FROM', message: 'must not be set with TWILIO_MESSAGING_SERVICE_SID (choose one sender)' };
  if (!env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID) return required('TWILIO_FROM', 'when SMS_PROVIDER=twilio (or TWILIO_MESSAGING_SERVICE_SID)');
  return {
    accountSid: env.TWILIO_ACCOUNT_SID,
    credentials:
      env.TWILIO_API_KEY_SID && env.TWILIO_API_KEY_SECRET
        ? { username: env.TWILIO_API_KEY_SID, password: env.TWILIO_API_KEY_SECRET }
        : { username: env.TWILIO_ACCOUNT_SID, password: env.TWILIO_AUTH_TOKEN ?? '' },
    authToken: env.TWILIO_AUTH_TOKEN,
    sender: env.TWILIO_FROM ? { from: env.TWILIO_FROM } : { messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID ?? '' },
    apiBaseUrl: env.TWILIO_API_BASE_URL ?? TWILIO_API_BASE_URL,
    statusCallbackUrl: env.TWILIO_STATUS_CALLBACK_URL,
    retry: { attempts: env.TWILIO_RETRY_ATTEMPTS, firstDelayMs: env.TWILIO_RETRY_DELAY_MS },
    timeoutMs: env.TWILIO_TIMEOUT_MS,
  };
}
