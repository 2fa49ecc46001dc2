import { describe, expect, it } from 'vitest';
import { OPERATOR_BASE } from './api-paths';
import { createOperatorClient, OperatorCallError, type OperatorAuth, type OperatorFetchInit } from './operator-client';
import { OperatorRoutes } from './operator-routes';

type Sent = { url: string; init: OperatorFetchInit<{ form: true }> };

/** A client whose `fetch` records each call and answers `answer` (a JSON value, or a failure to throw). */
function clientAnswering(answer: unknown, { status = 200, auth = { bearer: 'tok' } as OperatorAuth } = {}) {
  const sent: Sent[] = [];
  const client = createOperatorClient<{ form: true }>({
    baseUrl: 'http://127.0.0.1:3000',
    auth,
    fetch: async (url, init) => {
      sent.push({ url, init });
      if (answer instanceof Error) throw answer;
      return { status, json: async () => (answer === undefined ? Promise.reject(new SyntaxError('not JSON')) : answer) };
    },
    failureMessage: ({ status: code }) => (code === 0 ? 'unreachable' : `no envelope (${code})`),
  });
  return { client, sent };
}

describe('the operator client shared by the command line and the back office', () => {
  it('fills in the path, form-encodes the query without empty values, and answers the envelope’s data', async () => {
    const { client, sent } = clientAnswering({ code: 0, message: '', data: [{ status: 'queued' }] });
    const data = await client.call(OperatorRoutes.payout, { params: { orderNo: 'MX 1/2' } });
    expect(data).toEqual([{ status: 'queued' }]);
    await client.call(OperatorRoutes.complaints, { query: { folio: 'RC 1', status: undefined, limit: 20 } });
    expect(sent.map((call) => call.url)).toEqual([`http://127.0.0.1:3000${OPERATOR_BASE}/payouts/MX%201%2F2`, `http://127.0.0.1:3000${OPERATOR_BASE}/complaints?folio=RC+1&limit=20`]);
    expect(sent[0]?.init).toEqual({ method: 'GET', headers: { accept: 'application/json', authorization: 'Bearer tok' } });
  });

  it('sends a JSON body (an empty object when none), or a multipart form as it is', async () => {
    const { client, sent } = clientAnswering({ code: 0, message: '', data: {} });
    await client.call(OperatorRoutes.orderApprove, { body: { orderNo: 'LN1' } });
    await client.call(OperatorRoutes.payoutsSend);
    const form = { form: true } as const;
    await client.call(OperatorRoutes.complaintImageUpload, { body: form });
    expect(sent.map((call) => [call.init.method, call.init.body, call.init.headers['content-type']])).toEqual([
      ['POST', '{"orderNo":"LN1"}', 'application/json'],
      ['POST', '{}', 'application/json'],
      ['POST', form, undefined],
    ]);
  });

  it('proves a staff session by its cookie and its CSRF token on calls that change something', async () => {
    const { client, sent } = clientAnswering({ code: 0, message: '', data: null }, { auth: { csrfToken: () => 'csrf-1' } });
    await client.call(OperatorRoutes.staffMe);
    await client.call(OperatorRoutes.staffSignOut);
    expect(sent.map((call) => [call.init.credentials, call.init.headers['x-csrf-token'], call.init.headers.authorization])).toEqual([
      ['same-origin', undefined, undefined],
      ['same-origin', 'csrf-1', undefined],
    ]);
  });

  it('answers a route that sends no envelope as it came, and still throws its refusal', async () => {
    expect(await clientAnswering({ status: 'ok' }).client.call(OperatorRoutes.health)).toEqual({ status: 'ok' });
    await expect(clientAnswering({ code: 3001, message: 'Operator token missing or wrong.', data: null }, { status: 401 }).client.call(OperatorRoutes.health)).rejects.toEqual(
      new OperatorCallError(3001, 'Operator token missing or wrong.', 401),
    );
  });

  it('throws a refusal with its code, message and status, and a failure without an envelope with a null code', async () => {
    const refused = clientAnswering({ code: 1004, message: 'Not found.', data: null }, { status: 404 });
    await expect(refused.client.call(OperatorRoutes.orderPayoff, { params: { orderNo: 'X' } })).rejects.toMatchObject({ name: 'OperatorCallError', code: 1004, message: 'Not found.', status: 404 });
    await expect(clientAnswering(new TypeError('fetch failed')).client.call(OperatorRoutes.ledgerCheck)).rejects.toMatchObject({ code: null, message: 'unreachable', status: 0 });
    await expect(clientAnswering(undefined, { status: 502 }).client.call(OperatorRoutes.ledgerCheck)).rejects.toMatchObject({ code: null, message: 'no envelope (502)', status: 502 });
    await expect(clientAnswering({ status: 'ok' }).client.call(OperatorRoutes.ledgerCheck)).rejects.toMatchObject({ code: null, message: 'no envelope (200)' });
  });
});
