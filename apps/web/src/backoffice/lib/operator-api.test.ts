import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, OPERATOR_BASE, OperatorPath, OperatorRoutes, STAFF_CSRF_HEADER } from '@lend/contracts';
import { stubFetch, type FetchCall } from '../../lib/http/stub-fetch';
import { createOperatorApi, OperatorCallError } from './operator-api';

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
    const page = await client.call(OperatorRoutes.complaints, { query: { status: 'open', folio: '', cursor: undefined, limit: 20 } });
    expect(page).toEqual({ items: [1], nextCursor: null });
    expect(calls[0]?.url).toBe(`${OPERATOR_BASE}${OperatorPath.complaints}?status=open&limit=20`);
    expect(calls[0]?.init.method).toBe('GET');
    expect(header(calls[0], STAFF_CSRF_HEADER)).toBeUndefined();
    expect(header(calls[0], 'language')).toBe('2');
    expect(calls[0]?.init.credentials).toBe('same-origin');
  });

  it('changes: sends the session’s CSRF token and a JSON body', async () => {
    const { client, calls } = api(() => envelope(0, null), { language: 'en' });
    await client.call(OperatorRoutes.staffPassword, { body: { currentPassword: 'a', newPassword: 'b' } });
    expect(calls[0]?.init.method).toBe('POST');
    expect(header(calls[0], STAFF_CSRF_HEADER)).toBe('csrf-123');
    expect(header(calls[0], 'content-type')).toBe('application/json');
    expect(header(calls[0], 'language')).toBe('1');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ currentPassword: 'a', newPassword: 'b' }));
  });

  it('fills the route’s path parameters in, encoded, and sends a change with PUT as the route says', async () => {
    const { client, calls } = api(() => envelope(0, null));
    await client.call(OperatorRoutes.complaintReply, { params: { problemId: 'a/b c' }, body: { text: 'Hecho', images: [] } });
    await client.call(OperatorRoutes.complaintTypeSave, { params: { value: 12 }, body: { titleEn: 'Fees', titleEs: 'Cargos' } });
    expect(calls[0]?.url).toBe(`${OPERATOR_BASE}${OperatorPath.complaintReply.replace(':problemId', 'a%2Fb%20c')}`);
    expect(calls[1]?.url).toBe(`${OPERATOR_BASE}${OperatorPath.complaintTypes}/12`);
    expect(calls[1]?.init.method).toBe('PUT');
    expect(header(calls[1], STAFF_CSRF_HEADER)).toBe('csrf-123');
    expect(calls[1]?.init.body).toBe(JSON.stringify({ titleEn: 'Fees', titleEs: 'Cargos' }));
  });

  it('uploads a form as it is, letting the browser set its boundary', async () => {
    const { client, calls } = api(() => envelope(0, { url: '/x' }));
    const form = new FormData();
    form.append('image', new Blob(['png']), 'a.png');
    expect(await client.call(OperatorRoutes.complaintImageUpload, { body: form })).toEqual({ url: '/x' });
    expect(calls[0]?.url).toBe(`${OPERATOR_BASE}${OperatorPath.complaintImages}`);
    expect(calls[0]?.init.body).toBe(form);
    expect(header(calls[0], 'content-type')).toBeUndefined();
    expect(header(calls[0], STAFF_CSRF_HEADER)).toBe('csrf-123');
  });

  it('turns a refusal into an error with its code and message, and says so when the session has ended', async () => {
    const refused = api(() => envelope(ErrorCode.StaffSignInRefused, null, 'El correo o la contraseña son incorrectos'));
    const error = await refused.client.call(OperatorRoutes.staffSignIn, { body: { email: 'ana@example.com', password: 'wrong' } }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(OperatorCallError);
    expect(error).toMatchObject({ code: ErrorCode.StaffSignInRefused, message: 'El correo o la contraseña son incorrectos', status: 401 });
    expect(refused.ended).not.toHaveBeenCalled();

    for (const code of [ErrorCode.StaffSessionRequired, ErrorCode.OperatorUnauthorized]) {
      const gone = api(() => envelope(code, null, 'Sign in to continue.'));
      await expect(gone.client.call(OperatorRoutes.complaints)).rejects.toMatchObject({ code });
      expect(gone.ended).toHaveBeenCalledTimes(1);
    }
  });

  it('says the network failed when no envelope comes back', async () => {
    const offline = api(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.client.call(OperatorRoutes.staffMe)).rejects.toMatchObject({ code: null, message: 'No connection' });
    const proxyPage = api(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(proxyPage.client.call(OperatorRoutes.staffMe)).rejects.toMatchObject({ code: null, status: 502 });
    expect(offline.ended).not.toHaveBeenCalled();
  });

  it('writes no query mark for an empty query, and form-encodes the values given', async () => {
    const { client, calls } = api(() => envelope(0, { items: [], nextCursor: null }));
    await client.call(OperatorRoutes.complaints);
    await client.call(OperatorRoutes.complaints, { query: { folio: '', cursor: undefined } });
    await client.call(OperatorRoutes.complaints, { query: { folio: 'RC 1' } });
    const base = `${OPERATOR_BASE}${OperatorPath.complaints}`;
    expect(calls.map((call) => call.url)).toEqual([base, base, `${base}?folio=RC+1`]);
  });
});
