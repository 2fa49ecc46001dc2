// The reliability suite's load generator (docs/decisions/201): autocannon runs on the order reads
// and on the promotion landing's calls, each answer counted by status and envelope.
import autocannon from 'autocannon';
import { PROMOTION_BASE, PromotionCode, PromotionPath } from '@lend/contracts';

/** Connections of every load test. */
const CONNECTIONS = 50;

/** What every load test reports of an autocannon run: answers, socket failures, p99 and rate. */
function loadFigures(result) {
  return {
    total: result.requests.total,
    socketErrors: result.errors + result.timeouts,
    p99Ms: result.latency.p99,
    reqPerSec: Math.round(result.requests.average),
  };
}

/** Load of `requests` on `url`; answers counted by status, and whether each failure still carried the envelope. */
export function load(url, requests, seconds, connections = CONNECTIONS) {
  const statuses = {};
  let withoutEnvelope = 0;
  let next = 0;
  return new Promise((done, fail) => {
    const run = autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request, context) => {
              context.request ??= requests[next++ % requests.length];
              return { ...request, ...context.request };
            },
            onResponse: (status, body) => {
              statuses[status] = (statuses[status] ?? 0) + 1;
              if (!String(body).startsWith('{"code":')) withoutEnvelope += 1;
            },
          },
        ],
      },
      (error, result) =>
        error ? fail(error) : done({ statuses, withoutEnvelope, ...loadFigures(result) }),
    );
    run.on('error', fail);
  });
}

/**
 * Visitors' addresses, each used once in the suite: the landing's calls are capped per address
 * for a minute, longer than both runs of the landing load.
 */
let visitorsSeen = 0;
function visitorAddress() {
  visitorsSeen += 1;
  return `10.${(visitorsSeen >> 16) & 255}.${(visitorsSeen >> 8) & 255}.${visitorsSeen & 255}`;
}

/**
 * Load of the promotion landing as a crowd opening a campaign link makes it: each connection is one
 * visitor after another (autocannon clears a connection's context when its calls start again, so
 * each round takes a new address), asking for the template and a sid, counting the visit, drawing
 * the captcha of that sid and counting the Register tap. The calls are capped per address (30 sids
 * and 60 captchas a minute), so each visitor makes one of each from an address of its own, as a real
 * one does. The SMS and registration calls are left out: they are capped per phone and address by
 * design, and the SMS flood covers them. A call succeeds with 200 and code '0', the captcha with 200
 * and its SVG; failures are counted by call, status and code.
 */
export function landingLoad(url, templateId, seconds, connections = CONNECTIONS) {
  const page = { page_id: String(templateId), user_from: 'fb', app_from: 'landing', utm_tag: 'spring', client_type: 'android', page_type: '1' };
  const failures = {};
  let ok = 0;
  const parsed = (text) => {
    try {
      return JSON.parse(text);
    } catch {
      return { code: 'not JSON' };
    }
  };
  const visitorCall = (name, path, query, onAnswer = () => undefined) => ({
    setupRequest: (request, context) => {
      context.address ??= visitorAddress();
      return { ...request, path: `${PROMOTION_BASE}${path}?${new URLSearchParams({ ...query(context), language: '2' })}`, headers: { 'x-forwarded-for': context.address } };
    },
    onResponse: (status, body, context) => {
      const text = String(body);
      const answer = name === 'captcha' && text.startsWith('<svg') ? { code: PromotionCode.Ok } : parsed(text);
      if (status === 200 && answer.code === PromotionCode.Ok) {
        ok += 1;
        onAnswer(answer, context);
      } else {
        const key = `${name} ${status} ${answer.code}`;
        failures[key] = (failures[key] ?? 0) + 1;
      }
    },
  });
  const requests = [
    visitorCall('template', PromotionPath.template, () => ({ templateId: String(templateId) })),
    visitorCall('sid', PromotionPath.getSid, () => ({ templateId: String(templateId) }), (answer, context) => (context.sid = answer.data.sid)),
    visitorCall('visit', PromotionPath.trackVisit, () => page),
    visitorCall('captcha', PromotionPath.captcha, (context) => ({ sid: context.sid ?? '', a: String(Date.now()) })),
    visitorCall('click', PromotionPath.trackClick, () => ({ ...page, phone: '5512345678' })),
  ];
  return new Promise((done, fail) => {
    const run = autocannon({ url, connections, duration: seconds, requests }, (error, result) =>
      error ? fail(error) : done({ ok, failures, ...loadFigures(result) }),
    );
    run.on('error', fail);
  });
}
