import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A local stand-in for Twilio's Messages API (2010-04-01), answering the bodies Twilio documents:
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (basic auth with the account's auth token
 * or an API key, a form with `To`, `Body` and `From` or `MessagingServiceSid`) answers 201 with the
 * message resource, and `GET` on the same path lists the messages made, newest first (`To` filter,
 * `PageSize`). Tests script failures for the next requests that send a message. A form with a
 * parameter that Twilio's published description of Messages create (`CreateMessage` in
 * twilio-oai's `twilio_api_v2010.json`) does not have is refused with Twilio's error body for a bad
 * request (docs/decisions/226).
 */

/** The parameters of Messages create in Twilio's published description (docs/decisions/226). */
export const CREATE_MESSAGE_PARAMETERS: readonly string[] = (
  JSON.parse(readFileSync(new URL('../provider-specs/twilio.json', import.meta.url), 'utf8')) as { operations: { CreateMessage: { formParameters: string[] } } }
).operations.CreateMessage.formParameters;

export const STAND_IN_ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const STAND_IN_AUTH_TOKEN = 'fedcba9876543210'.repeat(2);
export const STAND_IN_API_KEY_SID = `SK${'00112233445566778899aabbccddeeff'}`;
export const STAND_IN_API_KEY_SECRET = 'k'.repeat(32);

/**
 * What the next message-sending request meets instead of a plain 201:
 * - `invalid-to`: 400, code 21211 (invalid 'To' number); `unsubscribed`: 400, code 21610;
 * - `too-many-requests`: 429, code 20429; `server-error`: 500, code 20500; nothing is made;
 * - `made-then-server-error`: the message is made, and the answer is a 500 all the same;
 * - `made-then-dropped`: the message is made, and the connection is cut before any answer.
 */
export type ScriptedFailure = 'invalid-to' | 'unsubscribed' | 'too-many-requests' | 'server-error' | 'made-then-server-error' | 'made-then-dropped';

export type StandInMessage = {
  sid: string;
  /** The form as posted (`To`, `Body`, `From` or `MessagingServiceSid`, `StatusCallback`). */
  form: Record<string, string>;
  /** Who authenticated: the account sid or the API key sid. */
  username: string;
  createdAt: Date;
};

export type TwilioStandIn = {
  /** Where to point the client (TWILIO_API_BASE_URL). */
  url: string;
  accountSid: string;
  authToken: string;
  /** The messages made, oldest first: what would have reached phones. */
  messages: StandInMessage[];
  /** Every message-sending request, answered how: `201`, or the failure met. */
  sendRequests: (ScriptedFailure | '201')[];
  /** The next message-sending requests meet these, in order. */
  failNext: (...failures: ScriptedFailure[]) => void;
  /**
   * A status callback for a made message, signed as Twilio signs it (`X-Twilio-Signature` over the
   * message's `StatusCallback` address and the form, with the auth token).
   */
  statusReport: (
    message: StandInMessage,
    status: 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed',
    errorCode?: number,
  ) => { url: string; headers: Record<string, string>; form: Record<string, string>; body: string };
  close: () => Promise<void>;
};

const ERRORS: Record<'invalid-to' | 'unsubscribed' | 'too-many-requests' | 'server-error', { status: number; code: number; message: string }> = {
  'invalid-to': { status: 400, code: 21211, message: "Invalid 'To' Phone Number" },
  unsubscribed: { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  'too-many-requests': { status: 429, code: 20429, message: 'Too Many Requests' },
  'server-error': { status: 500, code: 20500, message: 'Internal Server Error' },
};

function errorBody(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTwilioStandIn(
  options: { accountSid?: string; authToken?: string; apiKey?: { sid: string; secret: string } } = {},
): Promise<TwilioStandIn> {
  const accountSid = options.accountSid ?? STAND_IN_ACCOUNT_SID;
  const authToken = options.authToken ?? STAND_IN_AUTH_TOKEN;
  const apiKey = options.apiKey ?? { sid: STAND_IN_API_KEY_SID, secret: STAND_IN_API_KEY_SECRET };
  const messages: StandInMessage[] = [];
  const sendRequests: (ScriptedFailure | '201')[] = [];
  const script: ScriptedFailure[] = [];
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  const resource = (message: StandInMessage) => {
    const { form } = message;
    const date = message.createdAt.toUTCString().replace('GMT', '+0000');
    return {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: form.Body,
      date_created: date,
      date_sent: null,
      date_updated: date,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      sid: message.sid,
      // A messaging service picks the sender later: Twilio answers `accepted` then.
      status: form.From ? 'queued' : 'accepted',
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json` },
      to: form.To,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
    };
  };

  const authorised = (request: IncomingMessage): string | undefined => {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Basic' || !encoded) return undefined;
    const [username, password] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
    if (username === accountSid && password === authToken) return username;
    if (username === apiKey.sid && password === apiKey.secret) return username;
    return undefined;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (url.pathname !== messagesPath) return answer(response, 404, errorBody(404, 20404, 'The requested resource was not found'));
      const username = authorised(request);
      if (!username) return answer(response, 401, errorBody(401, 20003, 'Authenticate'));

      if (request.method === 'GET') {
        const to = url.searchParams.get('To');
        const pageSize = Number(url.searchParams.get('PageSize') ?? '50');
        const listed = messages
          .filter((message) => !to || message.form.To === to)
          .reverse()
          .slice(0, pageSize);
        return answer(response, 200, {
          messages: listed.map(resource),
          end: Math.max(listed.length - 1, 0),
          first_page_uri: `${messagesPath}?PageSize=${pageSize}&Page=0`,
          next_page_uri: null,
          page: 0,
          page_size: pageSize,
          previous_page_uri: null,
          start: 0,
          uri: `${messagesPath}?PageSize=${pageSize}&Page=0`,
        });
      }
      if (request.method !== 'POST') return answer(response, 405, errorBody(405, 20004, 'Method not allowed'));

      if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return answer(response, 400, errorBody(400, 21000, 'Form body expected'));
      }
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      const unknown = Object.keys(form).find((name) => !CREATE_MESSAGE_PARAMETERS.includes(name));
      if (unknown) return answer(response, 400, errorBody(400, 400, `Bad Request: Messages create has no parameter ${unknown}`));
      if (!form.To) return answer(response, 400, errorBody(400, 21604, "A 'To' phone number is required."));
      if (!form.From && !form.MessagingServiceSid) return answer(response, 400, errorBody(400, 21603, "A 'From' phone number is required."));
      if (!form.Body) return answer(response, 400, errorBody(400, 21602, 'Message body is required.'));

      const failure = script.shift();
      sendRequests.push(failure ?? '201');
      if (failure === 'invalid-to' || failure === 'unsubscribed' || failure === 'too-many-requests' || failure === 'server-error') {
        const { status, code, message } = ERRORS[failure];
        return answer(response, status, errorBody(status, code, failure === 'invalid-to' ? `${message}: ${form.To}` : message));
      }
      if (!/^\+[1-9]\d{7,14}$/.test(form.To)) return answer(response, 400, errorBody(400, 21211, `Invalid 'To' Phone Number: ${form.To}`));

      const message: StandInMessage = { sid: `SM${randomBytes(16).toString('hex')}`, form, username, createdAt: new Date() };
      messages.push(message);
      if (failure === 'made-then-dropped') return void request.socket.destroy();
      if (failure === 'made-then-server-error') return answer(response, 500, errorBody(500, 20500, 'Internal Server Error'));
      return answer(response, 201, resource(message));
    })().catch((error: unknown) => {
      if (!response.headersSent) answer(response, 500, errorBody(500, 20500, String(error)));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    sendRequests,
    failNext: (...failures) => void script.push(...failures),
    statusReport: (message, status, errorCode) => {
      const url = message.form.StatusCallback;
      if (!url) throw new Error('the message was sent without a StatusCallback');
      const form: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        MessageSid: message.sid,
        MessageStatus: status,
        SmsSid: message.sid,
        SmsStatus: status,
        To: message.form.To ?? '',
        ...(message.form.From ? { From: message.form.From } : {}),
        ...(message.form.MessagingServiceSid ? { MessagingServiceSid: message.form.MessagingServiceSid } : {}),
        ...(errorCode === undefined ? {} : { ErrorCode: String(errorCode) }),
      };
      const signature = twilio.getExpectedTwilioSignature(authToken, url, form);
      return {
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        form,
        body: new URLSearchParams(form).toString(),
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
