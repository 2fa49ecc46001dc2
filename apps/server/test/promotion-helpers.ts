import { randomInt } from 'node:crypto';
import {
  OPERATOR_BASE,
  OperatorPath,
  PROMOTION_BASE,
  PromotionPath,
  type PromoTemplate,
  type PromoTemplateInput,
  type SmsOutboxEntry,
} from '@lend/contracts';
import type { FastifyInstance } from 'fastify';
import { TEST_OPERATOR_TOKEN } from './helper';

export const operatorHeaders = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

export function templateInput(overrides: Partial<PromoTemplateInput> = {}): PromoTemplateInput {
  return {
    name: 'Spring campaign',
    content: {
      en: { title: 'Cash in minutes', headline: 'Borrow up to $20,000', body: 'Register with your phone.' },
      es: { title: 'Efectivo en minutos', headline: 'Pida hasta $20,000', body: 'Regístrese con su teléfono.' },
    },
    bannerUrl: '/media/promo/banner.svg',
    colours: { background: '#0B3D91', text: '#FFFFFF', button: '#B3261E', buttonText: '#FFFFFF' },
    downloadLinks: { android: 'https://play.example/store/apps/lend', ios: 'https://apps.example/app/lend' },
    trackingCode: 'AW-123456',
    ...overrides,
  };
}

export async function createTemplate(app: FastifyInstance, overrides: Partial<PromoTemplateInput> = {}): Promise<PromoTemplate> {
  const response = await app.inject({
    method: 'POST',
    url: `${OPERATOR_BASE}${OperatorPath.promoTemplates}`,
    headers: operatorHeaders,
    payload: templateInput(overrides),
  });
  const body = response.json<{ code: number; data: PromoTemplate }>();
  if (body.code !== 0) throw new Error(`template create failed: ${response.body}`);
  return body.data;
}

/** A random client address (only a label for inject), so runs sharing one Redis never share a counter. */
export function randomAddress(): string {
  return `100.${randomInt(64, 128)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A valid Mexican number nobody else in the run uses. */
export function randomPhone(): string {
  return `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

export type Visitor = { sid: string; address: string };

export async function newVisitor(app: FastifyInstance, templateId?: number, address = randomAddress()): Promise<Visitor> {
  const query = templateId === undefined ? '' : `?templateId=${templateId}`;
  const response = await app.inject({ method: 'GET', url: `${PROMOTION_BASE}${PromotionPath.getSid}${query}`, remoteAddress: address });
  const body = response.json<{ code: string; data: { sid: string } }>();
  if (body.code !== '0') throw new Error(`get-sid failed: ${response.body}`);
  return { sid: body.data.sid, address };
}

/** Draws a captcha for the visitor and reads its answer the way a test does: from the operator API. */
export async function solveCaptcha(app: FastifyInstance, visitor: Visitor): Promise<string> {
  const image = await app.inject({
    method: 'GET',
    url: `${PROMOTION_BASE}${PromotionPath.captcha}?sid=${encodeURIComponent(visitor.sid)}&a=${Date.now()}`,
    remoteAddress: visitor.address,
  });
  if (image.statusCode !== 200) throw new Error(`captcha failed: ${image.body}`);
  const answer = await app.inject({
    method: 'GET',
    url: `${OPERATOR_BASE}${OperatorPath.captchaAnswer}?sid=${encodeURIComponent(visitor.sid)}`,
    headers: operatorHeaders,
  });
  return answer.json<{ data: { answer: string } }>().data.answer;
}

export type PromotionReply = { status: number; code: string; message: string };
/** A registration's answer, with the cookies it set: it signs the new borrower in on the web (docs/decisions/239). */
export type RegisterReply = PromotionReply & { setCookie: string[] };

async function postWithCookies(app: FastifyInstance, path: string, payload: Record<string, string>, address: string, language = '1'): Promise<RegisterReply> {
  const response = await app.inject({
    method: 'POST',
    url: `${PROMOTION_BASE}${path}?language=${language}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(payload).toString(),
    remoteAddress: address,
  });
  const body = response.json<{ code: string; message: string }>();
  const setCookie = response.headers['set-cookie'];
  return { status: response.statusCode, code: body.code, message: body.message, setCookie: setCookie === undefined ? [] : [setCookie].flat() };
}

async function post(app: FastifyInstance, path: string, payload: Record<string, string>, address: string, language = '1'): Promise<PromotionReply> {
  const { status, code, message } = await postWithCookies(app, path, payload, address, language);
  return { status, code, message };
}

export function requestSms(app: FastifyInstance, visitor: Visitor, phone: string, capcode: string, language?: string): Promise<PromotionReply> {
  return post(app, PromotionPath.sms, { phone, capcode, sid: visitor.sid, deviceId: visitor.sid, appName: 'lend-promo', user_from: 'fb', app_from: 'landing', utm_tag: 'spring' }, visitor.address, language);
}

export function register(
  app: FastifyInstance,
  visitor: Visitor,
  fields: { phone: string; capcode: string; smsCode: string; id?: number },
  language?: string,
): Promise<RegisterReply> {
  return postWithCookies(
    app,
    PromotionPath.register,
    {
      phone: fields.phone,
      capcode: fields.capcode,
      sid: visitor.sid,
      deviceId: visitor.sid,
      appName: 'lend-promo',
      merchantNumber: '0',
      userName: fields.phone,
      smsCode: fields.smsCode,
      invite_code: 'FRIEND1',
      user_from: 'fb',
      app_from: 'landing',
      utm_tag: 'spring',
      ...(fields.id === undefined ? {} : { id: String(fields.id) }),
    },
    visitor.address,
    language,
  );
}

export async function outbox(app: FastifyInstance, phone: string): Promise<SmsOutboxEntry[]> {
  const response = await app.inject({ method: 'GET', url: `${OPERATOR_BASE}${OperatorPath.smsOutbox}?phone=${phone}&limit=100`, headers: operatorHeaders });
  return response.json<{ data: { items: SmsOutboxEntry[] } }>().data.items;
}

/** A visitor of the template who solves the captcha, gets a code by SMS and registers with it: one of each in the funnel. */
export async function registeredVisitor(app: FastifyInstance, templateId: number): Promise<void> {
  const visitor = await newVisitor(app, templateId);
  const phone = randomPhone();
  const capcode = await solveCaptcha(app, visitor);
  await requestSms(app, visitor, phone, capcode);
  const [message] = await outbox(app, phone);
  await register(app, visitor, { phone, capcode, smsCode: message?.code ?? '', id: templateId });
}
