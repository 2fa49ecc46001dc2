import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, OPERATOR_BASE, OperatorPath, STAFF_CSRF_HEADER, StaffPath } from '@lend/contracts';
import { stubFetch, type FetchCall } from '../../lib/http/stub-fetch';
import { createOperatorApi, OperatorCallError, queryString } from './operator-api';

const envelope = (code: number, data: unknown, message = '') => new Response(JSON.stringify({ code, message, data }), { status: code === 0 ? 200 : 401, headers: { 'content-type': 'application/json' } });

function api(respond: (call: FetchCall) => Response, overrides: { csrf?: string | null; language?: 'en' | 'es' } = {}) {
  const calls = stubFetch(respond);
  const ended = vi.fn();
  const client = createOperatorApi({
    language: () => overrides.language ?? 'es',
    csrfToken: () => (overrides.csrf === undefined ? 'csrf-123' : overrides.csrf),
    onSessionEnded: ended,
    networkMessage: () => 'No connection',
  });
  return { client, calls, ended };
}

const header = (call: FetchCall | undefined, name: string) => (call?.init.headers as Record<string, string> | undefined)?.[name];

afterEach(() => vi.unstubAllGlobals());

describe('the operator call helper', () => {
  it('reads: no CSRF header, the language flag, the query without empty values, the envelope’s data', async () => {
    const { client, calls } = api(() => envelope(0, { items: [1], nextCursor: null }));
    const page = await client.get(OperatorPath.complaints, { status: 'open', folio: '', cursor: undefined, limit: 20 });
    expect(page).toEqual({ items: [1], nextCursor: null });
    expect(calls[0]?.url).toBe(`${OPERATOR_BASE}${OperatorPath.complaints}?status=open&limit=20`);
    expect(calls[0]?.init.method).toBe('GET');
    expect(header(calls[0], STAFF_CSRF_HEADER)).toBeUndefined();
    expect(header(calls[0], 'language')).toBe('2');
    expect(calls[0]?.init.credentials).toBe('same-origin');
  });

  it('changes: sends the session’s CSRF token and a JSON body', async () => {
    const { client, calls } = api(() => envelope(0, null), { language: 'en' });
    await client.post(StaffPath.password, { currentPassword: 'a', newPassword: 'b' });
    expect(calls[0]?.init.method).toBe('POST');
    expect(header(calls[0], STAFF_CSRF_HEADER)).toBe('csrf-123');
    expect(header(calls[0], 'content-type')).toBe('application/json');
    expect(header(calls[0], 'language')).toBe('1');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ currentPassword: 'a', newPassword: 'b' }));
  });

  it('uploads a form as it is, letting the browser set its boundary', async () => {
    const { client, calls } = api(() => envelope(0, { url: '/x' }));
    const form = new FormData();
    form.append('image', new Blob(['png']), 'a.png');
    expect(await client.upload(OperatorPath.complaintImages, form)).toEqual({ url: '/x' });
    expect(calls[0]?.init.body).toBe(form);
    expect(header(calls[0], 'content-type')).toBeUndefined();
    expect(header(calls[0], STAFF_CSRF_HEADER)).toBe('csrf-123');
  });

  it('turns a refusal into an error with its code and message, and says so when the session has ended', async () => {
    const refused = api(() => envelope(ErrorCode.StaffSignInRefused, null, 'El correo o la contraseña son incorrectos'));
    const error = await refused.client.post(StaffPath.signIn, {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(OperatorCallError);
    expect(error).toMatchObject({ code: ErrorCode.StaffSignInRefused, message: 'El correo o la contraseña son incorrectos', status: 401 });
    expect(refused.ended).not.toHaveBeenCalled();

    for (const code of [ErrorCode.StaffSessionRequired, ErrorCode.OperatorUnauthorized]) {
      const gone = api(() => envelope(code, null, 'Sign in to continue.'));
      await expect(gone.client.get(OperatorPath.complaints)).rejects.toMatchObject({ code });
      expect(gone.ended).toHaveBeenCalledTimes(1);
    }
  });

  it('says the network failed when no envelope comes back', async () => {
    const offline = api(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.client.get(StaffPath.me)).rejects.toMatchObject({ code: null, message: 'No connection' });
    const proxyPage = api(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(proxyPage.client.get(StaffPath.me)).rejects.toMatchObject({ code: null, status: 502 });
    expect(offline.ended).not.toHaveBeenCalled();
  });

  it('writes no query mark for an empty query', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({ a: undefined, b: '' })).toBe('');
    expect(queryString({ folio: 'RC 1' })).toBe('?folio=RC+1');
  });
});
