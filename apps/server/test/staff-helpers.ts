import { OPERATOR_BASE, STAFF_COOKIE, STAFF_DEVICE_COOKIE, StaffPath, type StaffRole } from '@lend/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { STAFF_COMMANDS } from '../src/cli/staff-commands';
import type { TestApp } from './helper';

/** The app's time, which a test moves instead of waiting. */
export type Clock = { now: () => Date; advance: (ms: number) => void };

export function testClock(start = new Date()): Clock {
  let current = start;
  return { now: () => current, advance: (ms) => void (current = new Date(current.getTime() + ms)) };
}

export const MINUTE = 60_000;

export type Envelope<T = unknown> = { code: number; message: string; data: T };

/** A cookie an answer sets (the staff session's unless named): its value and its attributes. */
export function staffCookie(response: LightMyRequestResponse, name = STAFF_COOKIE): { value: string; attributes: string[] } | undefined {
  const header = response.headers['set-cookie'];
  const line = [header ?? []].flat().find((cookie) => String(cookie).startsWith(`${name}=`));
  if (line === undefined) return undefined;
  const [pair = '', ...attributes] = String(line).split(';').map((part) => part.trim());
  return { value: pair.slice(name.length + 1), attributes };
}

/** The Cookie header of a sign-in call: the step's cookie, and the device's when the browser has one. */
const signInCookies = (step: string | undefined, device: string | undefined) =>
  [step === undefined ? undefined : `${STAFF_COOKIE}=${step}`, device === undefined ? undefined : `${STAFF_DEVICE_COOKIE}=${device}`].filter(Boolean).join('; ');

/** A `staff` command of the command line on the test's own database; answers the JSON it printed. */
async function runStaffCommand(t: TestApp, words: string, options: Record<string, string[]>): Promise<unknown> {
  const command = STAFF_COMMANDS.find((candidate) => candidate.words.join(' ') === words);
  if (!command) throw new Error(`no ${words} command`);
  const printed: string[] = [];
  await command.run({ serverUrl: '', token: '', print: (line) => printed.push(line), database: async () => ({ ...t.database, close: async () => {} }) }, options, []);
  return JSON.parse(printed[0] ?? '{}') as unknown;
}

/** `npm run cli -- staff create-admin` on the test's own database. */
export async function createAdminByCli(t: TestApp, email: string, name = 'First Admin'): Promise<{ staffId: number; email: string; temporaryPassword: string }> {
  return (await runStaffCommand(t, 'staff create-admin', { email: [email], name: [name] })) as { staffId: number; email: string; temporaryPassword: string };
}

/** `npm run cli -- staff confirm-admin`: whoever holds the database confirms a new administrator. */
export function confirmAdminByCli(t: TestApp, email: string): Promise<unknown> {
  return runStaffCommand(t, 'staff confirm-admin', { email: [email] });
}

/** A signed-in person: the session's cookie and CSRF token, their authenticator's secret, and the device cookie their browser keeps. */
export type StaffSession = { cookie: string; csrf: string; secret: string; device: string };

export async function staffCall<T = unknown>(
  t: TestApp,
  session: { cookie: string; csrf?: string },
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: Record<string, unknown>,
): Promise<Envelope<T> & { status: number; response: LightMyRequestResponse }> {
  const response = await t.app.inject({
    method,
    url: `${OPERATOR_BASE}${path}`,
    headers: { cookie: `${STAFF_COOKIE}=${session.cookie}`, ...(session.csrf === undefined ? {} : { 'x-csrf-token': session.csrf }) },
    ...(payload ? { payload } : {}),
  });
  return { ...response.json<Envelope<T>>(), status: response.statusCode, response };
}

export function codeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** The password step; answers as the route does, with the step's cookie. `device`: the device cookie the browser sends. */
export async function passwordStep(t: TestApp, email: string, password: string, device?: string) {
  const cookie = signInCookies(undefined, device);
  const response = await t.app.inject({ method: 'POST', url: `${OPERATOR_BASE}${StaffPath.signIn}`, payload: { email, password }, ...(cookie ? { headers: { cookie } } : {}) });
  const body = response.json<Envelope<{ step: 'totp' | 'enrol'; csrfToken: string; enrolment: { otpauthUri: string; secret: string } | null }>>();
  return { status: response.statusCode, body, cookie: staffCookie(response)?.value ?? '' };
}

/** The code step; answers with the session's cookie and the device cookie set, if any. */
export async function codeStep(t: TestApp, step: { cookie: string; csrf: string }, code: string, device?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${OPERATOR_BASE}${StaffPath.signInTotp}`,
    headers: { cookie: signInCookies(step.cookie, device), 'x-csrf-token': step.csrf },
    payload: { code },
  });
  return {
    status: response.statusCode,
    body: response.json<Envelope<{ csrfToken: string; mustChangePassword: boolean; role: StaffRole }>>(),
    cookie: staffCookie(response)?.value ?? '',
    device: staffCookie(response, STAFF_DEVICE_COOKIE)?.value ?? device,
    response,
  };
}

/**
 * Signs in with the password and a code of the next 30-second step (a code is good once), enrolling
 * the authenticator the first time (`secret` is then the one handed out).
 */
export async function signIn(t: TestApp, clock: Clock, email: string, password: string, secret?: string, device?: string): Promise<StaffSession> {
  clock.advance(30_000);
  const first = await passwordStep(t, email, password, device);
  if (first.body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(first.body)}`);
  const key = first.body.data.enrolment?.secret ?? secret;
  if (!key) throw new Error('no authenticator secret to make a code with');
  const second = await codeStep(t, { cookie: first.cookie, csrf: first.body.data.csrfToken }, await codeAt(key, clock.now()), device);
  if (second.body.code !== 0) throw new Error(`code failed: ${JSON.stringify(second.body)}`);
  return { cookie: second.cookie, csrf: second.body.data.csrfToken, secret: key, device: second.device ?? '' };
}

/** Signs in for the first time with a temporary password and changes it, as a new staff member must. */
export async function firstSignIn(t: TestApp, clock: Clock, email: string, temporaryPassword: string, newPassword = 'correct horse battery staple'): Promise<StaffSession> {
  const session = await signIn(t, clock, email, temporaryPassword);
  const changed = await staffCall(t, session, 'POST', StaffPath.password, { currentPassword: temporaryPassword, newPassword });
  if (changed.code !== 0) throw new Error(`password change failed: ${JSON.stringify(changed)}`);
  return session;
}

/** The first administrator, signed in with a password of their own. */
export async function signedInAdmin(t: TestApp, clock: Clock, email = 'admin@lender.example'): Promise<StaffSession> {
  const created = await createAdminByCli(t, email);
  return firstSignIn(t, clock, email, created.temporaryPassword);
}

/** A staff member of `role`, created by the administrator and signed in. */
export async function signedInStaff(t: TestApp, clock: Clock, admin: StaffSession, email: string, role: StaffRole): Promise<StaffSession> {
  const created = await staffCall<{ temporaryPassword: string }>(t, admin, 'POST', StaffPath.accounts, { email, name: email.split('@')[0] ?? email, role });
  if (created.code !== 0) throw new Error(`staff create failed: ${JSON.stringify(created)}`);
  if (role === 'admin') await confirmAdminByCli(t, email);
  return firstSignIn(t, clock, email, created.data.temporaryPassword);
}

/** One signed-in person at each desk: the first administrator, an agent and a credit officer. */
export async function signedInDesks(t: TestApp, clock: Clock): Promise<{ admin: StaffSession; agent: StaffSession; officer: StaffSession }> {
  const admin = await signedInAdmin(t, clock);
  const agent = await signedInStaff(t, clock, admin, 'agent@lender.example', 'agent');
  const officer = await signedInStaff(t, clock, admin, 'officer@lender.example', 'credit-officer');
  return { admin, agent, officer };
}
