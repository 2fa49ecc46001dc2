import { setTimeout as sleep } from 'node:timers/promises';
import { marketOfE164, type SmsStatus } from '@lend/contracts';
import type twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type Response from 'twilio/lib/http/response';
import type { MessageListInstanceCreateOptions } from 'twilio/lib/rest/api/v2010/account/message';
import type { Queryable } from '../../db/client';
import { insertOutboxMessage, markOutboxAccepted, markOutboxFailed } from './outbox-repository';
import { SmsDeliveryError, withoutCode, type SmsMessage, type SmsProvider } from './sms-provider';
import type { TwilioConfig } from './twilio-config';

export const TWILIO_PROVIDER = 'twilio';

/** Twilio's "too many requests": the message was not taken, so trying again cannot make two. */
const TOO_MANY_REQUESTS = 20429;
/** Failures before any byte reached Twilio. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
/** How far Twilio's clock may be behind ours when a message it made is looked for. */
const CLOCK_SKEW_MS = 120_000;
/** Messages to one phone looked through for an earlier try's message: the newest are enough. */
const LOOK_BACK_MESSAGES = 20;

/** Twilio's message statuses in ours: anything still in Twilio's hands is `queued`. */
const STATUS_OF: Record<string, SmsStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  partially_delivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

export function smsStatusOf(twilioStatus: string): SmsStatus | undefined {
  return STATUS_OF[twilioStatus];
}

type TwilioSdk = typeof twilio;

/**
 * The package, loaded on first use: it takes longer to load than the rest of the server starts
 * in (docs/decisions/086), and a server on the sandbox never needs it.
 */
export const loadTwilio = (): Promise<TwilioSdk> => import('twilio').then((module) => module.default);

/**
 * The package's own HTTP client with Twilio's address replaced by the configured one (Twilio's
 * documented way to bring a custom HTTP client is a `RequestClient` passed as `httpClient`).
 * Everything else, basic auth, the form body, errors, is the package's.
 */
function baseAddressRequestClient(sdk: TwilioSdk, base: URL, options: RequestClient.RequestClientOptions): RequestClient {
  class BaseAddressRequestClient extends sdk.RequestClient {
    override request<TData>(request: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
      const target = new URL(request.uri);
      const rebased = new URL(`${base.pathname.replace(/\/$/, '')}${target.pathname}${target.search}`, base);
      return super.request({ ...request, uri: rebased.href });
    }
  }
  return new BaseAddressRequestClient(options);
}

type Failure = { transient: boolean; mayHaveReached: boolean; code: number | null; detail: string };

function failureOf(sdk: TwilioSdk, error: unknown): Failure {
  if (error instanceof sdk.RestException) {
    const transient = error.status === 429 || error.code === TOO_MANY_REQUESTS || error.status >= 500;
    const mayHaveReached = !(error.status === 429 || error.code === TOO_MANY_REQUESTS);
    return { transient, mayHaveReached, code: error.code ?? null, detail: `${error.status} ${error.message}`.slice(0, 300) };
  }
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const detail = error instanceof Error ? error.message : String(error);
  return { transient: true, mayHaveReached: !NOT_CONNECTED.has(code), code: null, detail: `network: ${code || detail}`.slice(0, 300) };
}

type Accepted = { sid: string; status: string };

/**
 * Sends through Twilio's Messages resource (docs/decisions/105). Each message is one row of the
 * outbox before the first request, its code hidden; the row ends with Twilio's sid and status,
 * or `failed` with Twilio's error. A transient failure (network, 5xx, 20429) is tried again after
 * a doubling wait, with the same text: the code is the caller's and never made again here. Before
 * a try that follows a failure Twilio may still have acted on (5xx, a dropped connection), the
 * newest messages to the phone are read back, and one with the same text made since the first try
 * counts as this message, so a lost answer does not become a second SMS.
 */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = TWILIO_PROVIDER;
  private connected: Promise<{ sdk: TwilioSdk; client: twilio.Twilio }> | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly config: TwilioConfig,
  ) {}

  private connect(): Promise<{ sdk: TwilioSdk; client: twilio.Twilio }> {
    this.connected ??= loadTwilio().then((sdk) => ({
      sdk,
      client: sdk(this.config.credentials.username, this.config.credentials.password, {
        accountSid: this.config.accountSid,
        httpClient: baseAddressRequestClient(sdk, new URL(this.config.apiBaseUrl), { timeout: this.config.timeoutMs, keepAlive: true }),
      }),
    }));
    return this.connected;
  }

  async send(message: SmsMessage): Promise<void> {
    const to = message.phone;
    const id = await insertOutboxMessage(this.db, {
      phone: message.phone,
      text: withoutCode(message.text, message.oneTimeCode),
      code: '',
      kind: message.kind,
      provider: this.name,
      status: 'sending',
    });
    // Every caller texts the stored form, whose country code names the market (docs/decisions/232):
    // a number without one is not guessed into a country, and Twilio is not asked.
    if (!marketOfE164(to)) {
      await markOutboxFailed(this.db, id, { errorCode: null, errorMessage: 'not sent: the phone is not an E.164 number of a market', attempts: 0 });
      throw new SmsDeliveryError('the phone is not an E.164 number of a market', 'refused');
    }
    const params = this.params(to, message);
    const { sdk, client } = await this.connect();
    const firstTry = new Date();
    let mayHaveReached = false;
    let last: Failure = { transient: true, mayHaveReached: false, code: null, detail: 'not sent' };
    let attempts = 0;
    while (attempts < this.config.retry.attempts) {
      if (attempts > 0) await sleep(this.config.retry.firstDelayMs * 2 ** (attempts - 1));
      attempts += 1;
      let accepted: Accepted | undefined;
      try {
        accepted = (mayHaveReached ? await this.madeSince(client, to, message.text, firstTry) : undefined) ?? (await this.create(client, params));
      } catch (error) {
        last = failureOf(sdk, error);
        mayHaveReached ||= last.mayHaveReached;
        if (!last.transient) break;
        continue;
      }
      // Outside the tries: a failure to record must not send the message again.
      await markOutboxAccepted(this.db, id, { providerMessageId: accepted.sid, status: smsStatusOf(accepted.status) ?? 'queued', attempts });
      return;
    }
    // Twilio's words may quote the number; the row has it already, and erasing it must be enough.
    await markOutboxFailed(this.db, id, { errorCode: last.code, errorMessage: last.detail.replaceAll(to, '<To>'), attempts });
    throw new SmsDeliveryError(`twilio did not take the message${last.code === null ? '' : ` (${last.code})`}`, last.transient ? 'unavailable' : 'refused');
  }

  /**
   * Messages create as Twilio's published description has it: the package's typed call sends only
   * those parameters. India's DLT entity and templates are registered with Twilio with the sender,
   * and the text must match a registered template; no request names them (docs/decisions/226).
   */
  private params(to: string, message: SmsMessage): MessageListInstanceCreateOptions {
    const { sender, statusCallbackUrl } = this.config;
    return {
      to,
      body: message.text,
      ...('from' in sender ? { from: sender.from } : { messagingServiceSid: sender.messagingServiceSid }),
      ...(statusCallbackUrl ? { statusCallback: statusCallbackUrl } : {}),
    };
  }

  private async create(client: twilio.Twilio, params: MessageListInstanceCreateOptions): Promise<Accepted> {
    const created = await client.messages.create(params);
    return { sid: created.sid, status: created.status };
  }

  /** A message with this text to this phone that Twilio made since the first try, if any. */
  private async madeSince(client: twilio.Twilio, to: string, body: string, firstTry: Date): Promise<Accepted | undefined> {
    const page = await client.messages.page({ to, pageSize: LOOK_BACK_MESSAGES });
    const made = page.instances.find((each) => each.body === body && each.dateCreated.getTime() >= firstTry.getTime() - CLOCK_SKEW_MS);
    return made ? { sid: made.sid, status: made.status } : undefined;
  }
}
