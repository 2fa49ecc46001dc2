import { SMS_KINDS, type SmsKind } from '@lend/contracts';
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
  /** India's DLT registration: the entity id and one content template id per kind of message (docs/decisions/105). */
  dlt: { entityId: string; templateIds: Record<SmsKind, string> } | undefined;
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
const address = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' });

function templateIds(value: string, context: z.RefinementCtx): Record<SmsKind, string> {
  const ids: Partial<Record<SmsKind, string>> = {};
  for (const pair of value.split(',')) {
    const [kind, id, ...rest] = pair.trim().split('=').map((part) => part.trim());
    if (!kind || !id || rest.length > 0 || !(SMS_KINDS as readonly string[]).includes(kind) || !/^\d{6,30}$/.test(id)) {
      context.addIssue({ code: 'custom', message: `must be kind=id pairs separated by commas, kinds among ${SMS_KINDS.join(', ')} and ids of digits` });
      return z.NEVER;
    }
    ids[kind as SmsKind] = id;
  }
  const missing = SMS_KINDS.filter((kind) => ids[kind] === undefined);
  if (missing.length > 0) {
    context.addIssue({ code: 'custom', message: `must give a template id for every kind of message; missing ${missing.join(', ')}` });
    return z.NEVER;
  }
  return ids as Record<SmsKind, string>;
}

/** The TWILIO_* variables, each checked on its own; `twilioConfig` checks how they go together. */
export const twilioEnvShape = {
  TWILIO_ACCOUNT_SID: optional(sid('AC')),
  TWILIO_AUTH_TOKEN: optional(z.string().regex(/^[0-9a-fA-F]{32}$/, 'must be 32 hexadecimal characters')),
  TWILIO_API_KEY_SID: optional(sid('SK')),
  TWILIO_API_KEY_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  TWILIO_FROM: optional(z.string().regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]*[A-Za-z][A-Za-z0-9 ]*)$/, 'must be an E.164 number (+525512345678) or an alphanumeric sender id')),
  TWILIO_MESSAGING_SERVICE_SID: optional(sid('MG')),
  TWILIO_DLT_ENTITY_ID: optional(z.string().regex(/^\d{6,30}$/, 'must be the DLT entity id (digits)')),
  TWILIO_DLT_TEMPLATE_IDS: z.preprocess(emptyToUndefined, z.string().transform(templateIds).optional()),
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
  if (env.TWILIO_DLT_ENTITY_ID && !env.TWILIO_DLT_TEMPLATE_IDS) return required('TWILIO_DLT_TEMPLATE_IDS', 'with TWILIO_DLT_ENTITY_ID');
  if (env.TWILIO_DLT_TEMPLATE_IDS && !env.TWILIO_DLT_ENTITY_ID) return required('TWILIO_DLT_ENTITY_ID', 'with TWILIO_DLT_TEMPLATE_IDS');
  return {
    accountSid: env.TWILIO_ACCOUNT_SID,
    credentials:
      env.TWILIO_API_KEY_SID && env.TWILIO_API_KEY_SECRET
        ? { username: env.TWILIO_API_KEY_SID, password: env.TWILIO_API_KEY_SECRET }
        : { username: env.TWILIO_ACCOUNT_SID, password: env.TWILIO_AUTH_TOKEN ?? '' },
    authToken: env.TWILIO_AUTH_TOKEN,
    sender: env.TWILIO_FROM ? { from: env.TWILIO_FROM } : { messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID ?? '' },
    dlt: env.TWILIO_DLT_ENTITY_ID && env.TWILIO_DLT_TEMPLATE_IDS ? { entityId: env.TWILIO_DLT_ENTITY_ID, templateIds: env.TWILIO_DLT_TEMPLATE_IDS } : undefined,
    apiBaseUrl: env.TWILIO_API_BASE_URL ?? TWILIO_API_BASE_URL,
    statusCallbackUrl: env.TWILIO_STATUS_CALLBACK_URL,
    retry: { attempts: env.TWILIO_RETRY_ATTEMPTS, firstDelayMs: env.TWILIO_RETRY_DELAY_MS },
    timeoutMs: env.TWILIO_TIMEOUT_MS,
  };
}
