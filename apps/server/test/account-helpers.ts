import { AccountPath, MACHINE_BASE, type PhoneMarket } from '@lend/contracts';
import type { FastifyInstance } from 'fastify';
import { outboxPage } from '../src/providers/sms/outbox-page';
import type { TestApp } from './helper';

export type Envelope<T = unknown> = { code: number; message: string; data: T };

/** A sign-in call as the native app makes it: JSON body, the common query with the language flag. */
export async function loginCall<T = unknown>(
  app: FastifyInstance,
  path: string,
  body: Record<string, string>,
  options: { language?: string; ip?: string } = {},
): Promise<Envelope<T> & { status: number }> {
  const query = new URLSearchParams({ language: options.language ?? '2', deviceId: body.deviceId ?? '' });
  const response = await app.inject({
    method: 'POST',
    url: `${MACHINE_BASE}${path}?${query.toString()}`,
    payload: body,
    remoteAddress: options.ip ?? '198.51.100.7',
  });
  return { ...response.json<Envelope<T>>(), status: response.statusCode };
}

export function sendCode(app: FastifyInstance, phone: string, market: PhoneMarket, deviceId = 'device-a', options: { language?: string; ip?: string } = {}) {
  return loginCall<{ resendAfterSeconds: number; expiresInSeconds: number }>(app, AccountPath.sendCode, { phone, market, deviceId }, options);
}

export type SignedIn = { userId: string; sessionId: string; expiresAt: string; newBorrower: boolean };

export function signInCall(app: FastifyInstance, phone: string, market: PhoneMarket, code: string, deviceId = 'device-a', options: { language?: string; ip?: string } = {}) {
  return loginCall<SignedIn>(app, AccountPath.signIn, { phone, market, code, deviceId }, options);
}

/** What the sandbox SMS provider delivered to the stored (E.164) phone, newest first. */
export async function sentTo(t: TestApp, e164: string) {
  return (await outboxPage(t.database.db, { phone: e164 }, { limit: 100 })).items;
}

/** The newest code texted to the phone. */
export async function latestCode(t: TestApp, e164: string): Promise<string> {
  const [message] = await sentTo(t, e164);
  if (!message) throw new Error('no SMS was sent');
  return message.code;
}

/** Sends a code and signs in with it: a session on `deviceId`. */
export async function signInWithSms(t: TestApp, phone: string, market: PhoneMarket, e164: string, deviceId = 'device-a'): Promise<SignedIn> {
  const sent = await sendCode(t.app, phone, market, deviceId);
  if (sent.code !== 0) throw new Error(`send-code failed: ${JSON.stringify(sent)}`);
  const signed = await signInCall(t.app, phone, market, await latestCode(t, e164), deviceId);
  if (signed.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(signed)}`);
  return signed.data;
}

/** A movable clock for the app: tests step it forward. */
export function steppingClock(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}
