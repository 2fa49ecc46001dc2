import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../../db/client';
import { recordDeliveryStatus } from './delivery-status';
import { loadTwilio, smsStatusOf, TWILIO_PROVIDER } from './twilio-sms-provider';

/** Where Twilio reports each message's delivery (TWILIO_STATUS_CALLBACK_URL ends with it). */
export const TWILIO_STATUS_PATH = '/webhooks/twilio/status';

/**
 * Reports one address may send per minute: Twilio reports each message two or three times from a
 * few addresses, so a burst of reminders is well within; a flood of forged reports is cut off.
 */
const STATUS_REPORTS_PER_MINUTE = 6_000;

type Form = Record<string, string | string[]>;

function isForm(body: unknown): body is Form {
  return (
    typeof body === 'object' &&
    body !== null &&
    Object.values(body).every((value) => typeof value === 'string' || (Array.isArray(value) && value.every((each) => typeof each === 'string')))
  );
}

const field = (form: Form, name: string): string | undefined => {
  const value = form[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * `POST /webhooks/twilio/status`: Twilio's status callback, a form signed in `X-Twilio-Signature`
 * with the account's auth token over the callback address we gave it (`twilio.validateRequest`,
 * docs/decisions/105). A bad or missing signature is refused with 403; a good one is answered 204
 * whether or not the report changed anything, so Twilio does not send it again.
 */
export function twilioStatusRoutes(db: Queryable, options: { authToken: string; callbackUrl: string }): FastifyPluginAsync {
  return async (app) => {
    const { validateRequest } = await loadTwilio();
    app.post(
      TWILIO_STATUS_PATH,
      {
        config: { rateLimit: { max: STATUS_REPORTS_PER_MINUTE, timeWindow: 60_000 } },
        schema: { tags: ['webhooks'], summary: 'Twilio reports where an SMS stands (signed with X-Twilio-Signature)' },
      },
      async (request, reply) => {
        const signature = request.headers['x-twilio-signature'];
        const form = request.body;
        if (typeof signature !== 'string' || !isForm(form) || !validateRequest(options.authToken, signature, options.callbackUrl, form)) {
          request.log.warn('twilio status report with a bad signature refused');
          return reply.code(403).send({ error: 'forbidden', message: 'bad signature' });
        }
        const sid = field(form, 'MessageSid');
        const status = smsStatusOf(field(form, 'MessageStatus') ?? '');
        const errorCode = Number.parseInt(field(form, 'ErrorCode') ?? '', 10);
        if (sid && status) {
          const changed = await recordDeliveryStatus(db, { provider: TWILIO_PROVIDER, providerMessageId: sid, status, errorCode: Number.isNaN(errorCode) ? null : errorCode });
          request.log.info({ status, changed }, 'twilio status report');
        }
        return reply.code(204).send();
      },
    );
  };
}
