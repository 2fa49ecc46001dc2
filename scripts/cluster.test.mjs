// `npm run test:cluster`: starts `npm run cluster`'s pieces and checks the balancer in front of
// them (docs/decisions/195). About a minute and PostgreSQL, Redis and HAProxy on the machine, so it
// is not part of `npm test`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { clusterSettings, startCluster } from './cluster.mjs';
import { freePort } from './free-port.mjs';

let cluster;
let log = '';
before(async () => {
  const settings = { ...clusterSettings(), port: await freePort(), database: 'lend_cluster_check' };
  cluster = await startCluster(settings, (line) => (log += `${line}\n`));
});
after(() => cluster?.stop());

test('round robin over both servers, each answer naming the request id the balancer set and logged', async () => {
  const served = new Set();
  const ids = [];
  for (let i = 0; i < 4; i += 1) {
    const answer = await fetch(`${cluster.url}/readyz`, { headers: { 'x-request-id': 'planted-by-the-client' } });
    assert.equal(answer.status, 200);
    served.add(answer.headers.get('x-served-by'));
    const id = answer.headers.get('x-request-id') ?? '';
    // The balancer's own id (27 URL-safe base64 characters) replaced the client's and was kept by the server.
    assert.match(id, /^[A-Za-z0-9_-]{27}$/);
    ids.push(id);
  }
  assert.deepEqual([...served].sort(), ['a', 'b']);
  // The balancer writes its line once the answer is sent: one search finds each call in its log.
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && !ids.every((id) => log.includes(`reqId=${id}`))) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const id of ids) assert.ok(log.includes(`reqId=${id}`), `the balancer logged ${id}`);
});

test('one server stopped: the balancer sends everything to the other', async () => {
  const [first] = cluster.servers;
  await first.stop();
  const deadline = Date.now() + 20_000;
  let answers = [];
  while (Date.now() < deadline) {
    answers = await Promise.all([1, 2, 3, 4].map(() => fetch(`${cluster.url}/healthz`).then((answer) => [answer.status, answer.headers.get('x-served-by')])));
    if (answers.every(([status, server]) => status === 200 && server === 'b')) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.deepEqual(answers, [[200, 'b'], [200, 'b'], [200, 'b'], [200, 'b']]);
});
