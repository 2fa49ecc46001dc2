// The pages the bench measures one by one: the site's root, every borrower screen and every screen
// of the hash area, each at an address that shows it with the demo borrower's data (docs/decisions/100).
// The route tables are the web app's own, so a screen added to them is measured without a change here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { DEV_PREVIEW_DEFAULTS_PATH, LoanStatus, MACHINE_BASE, MachinePath, OPERATOR_BASE, OperatorPath } from '@lend/contracts';
import { borrowerRoutes } from '../../apps/web/src/app/borrower/routes.ts';
import { hashRoutes } from '../../apps/web/src/app/hash/routes.ts';

const DEMO_PHONE = '5500000001';
/** The market's language (Spanish, `language=2`), as the borrower screens are measured. */
const LANGUAGE = '2';

async function operatorCall(baseUrl, dataDir, path, { method = 'GET', body } = {}) {
  const token = readFileSync(join(dataDir, 'operator-token'), 'utf8').trim();
  const response = await fetch(`${baseUrl}${OPERATOR_BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = await response.json();
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** A borrower call as the app sends it (form body, session in the query); resolves to `data`. */
async function borrowerCall(baseUrl, query, path, body) {
  const response = await fetch(`${baseUrl}${MACHINE_BASE}${path}?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const envelope = await response.json();
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/**
 * The demo borrower's session and the states the screens show, set up through the real API: the
 * overdue order (it can be extended, so the extension page has its offer), a complaint filed on it
 * (the complaint list and details), and a saved sandbox card (the card repayment listing).
 */
async function demoState(baseUrl, dataDir) {
  const session = await operatorCall(baseUrl, dataDir, OperatorPath.createSession, { method: 'POST', body: { phone: DEMO_PHONE } });
  const orders = await operatorCall(baseUrl, dataDir, `${OperatorPath.orders}?userId=${session.userId}&limit=50`);
  const order = orders.items.find((item) => item.status === LoanStatus.Overdue);
  if (!order) throw new Error('the demo borrower has no overdue order');
  const sessionQuery = { userId: session.userId, sessionId: session.sessionId };
  const init = await borrowerCall(baseUrl, sessionQuery, MachinePath.complaintInit, {});
  const type = init.problemType.find((option) => !init.problemSonType.some((son) => son.parentValue === option.value)) ?? init.problemType[0];
  const son = init.problemSonType.find((option) => option.parentValue === type.value);
  const complaint = await borrowerCall(baseUrl, sessionQuery, MachinePath.complaintSave, {
    problemType: String(type.value),
    problemSonType: son ? String(son.value) : '',
    problemDetail: 'La referencia de pago no aparece en mi pedido.',
    orderNo: order.orderNo,
  });
  await operatorCall(baseUrl, dataDir, OperatorPath.testCards, { method: 'POST', body: { userId: Number(session.userId), kind: 'approve' } });
  // The demo borrower has an order on every product, so the confirmation is shown to the demo's
  // borrower who may confirm one (a whole profile and an approval), as the developer preview shows it.
  const preview = await (await fetch(`${baseUrl}${DEV_PREVIEW_DEFAULTS_PATH}?market=MX`)).json();
  const newcomer = { userId: preview.confirmUserId, sessionId: preview.confirmSessionId, productId: preview.confirmProductId };
  return { session, order, complaint, problemType: type.value, newcomer };
}

const screenKey = (route) => route.screen.split('/').pop().replace(/Screen$/, '').replace(/^./, (first) => first.toLowerCase());

/**
 * Every page the bench measures: `key` (for BENCH_ONLY), `name`, `path` (with its query) and `kind`
 * (site, borrower or hash). Two addresses of one screen count once, at the first address.
 */
export async function benchPages(baseUrl, dataDir) {
  const { session, order, complaint, problemType, newcomer } = await demoState(baseUrl, dataDir);
  const base = { userId: session.userId, sessionId: session.sessionId, language: LANGUAGE };
  const orderQuery = { ...base, orderId: order.orderNo, productId: String(order.productId) };
  // A part of what the order owes: any amount up to it is a valid instruction or card payment.
  const amount = String(Math.min(100_00, order.totalRepayableMinor));
  /** What each screen needs in its address beyond the session, when it needs more. */
  const queries = {
    'complaints/ComplaintHomeScreen': base,
    'complaints/ComplaintNextScreen': { ...base, problemType: String(problemType), problemSonType: '', orderNo: order.orderNo },
    'complaints/ComplaintDetailsScreen': { ...base, problemId: complaint.problemId },
    'loan-confirm/LoanConfirmScreen': { ...base, userId: newcomer.userId, sessionId: newcomer.sessionId, productId: newcomer.productId },
    'repayment/InstructionScreen': { ...orderQuery, amount, payCode: 'tienda-demo', requestType: '1' },
    'card-repayment/AddCardScreen': { ...orderQuery, withholdingAmount: amount },
    'card-repayment/RedirectPaymentScreen': { ...orderQuery, withholdingAmount: amount },
    'promotion/LandingScreen': { id: '1', user_from: 'demo', app_from: 'web', utm_tag: 'try', links_id: '1', language: LANGUAGE },
    'promotion/DownloadScreen': { status: 'registered', id: '1', language: LANGUAGE },
    // A step with a form: the first, as a newcomer meets it.
    'onboarding/OnboardingScreen': { ...base, step: 'identity' },
    'apply/ApplyScreen': { ...base, productId: String(order.productId) },
  };
  const pages = [{ key: 'site', name: 'site `/`', path: '/', kind: 'site' }];
  const seen = new Set();
  const add = (route, kind) => {
    const id = `${route.screen}#${route.exportName}`;
    if (seen.has(id)) return;
    seen.add(id);
    const query = new URLSearchParams(queries[route.screen] ?? orderQuery).toString();
    const path = kind === 'hash' ? `/#${route.path}?${query}` : `${route.path}?${query}`;
    const key = route.exportName === 'AgreementTemplateScreen' ? 'promotionAgreement' : kind === 'hash' && route.screen === 'promotion/LandingScreen' ? 'promotion' : screenKey(route);
    pages.push({ key, name: `${key} (\`${kind === 'hash' ? '/#' : ''}${route.path}\`)`, path, kind });
  };
  for (const route of borrowerRoutes) add(route, 'borrower');
  for (const route of hashRoutes) add(route, 'hash');
  return pages;
}

export function brotliBytes(distDir, pathname) {
  const file = join(distDir, pathname);
  if (existsSync(`${file}.br`)) return readFileSync(`${file}.br`).length;
  return brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/**
 * Every script a page downloads until it has painted with its data and the network is idle
 * (dynamic imports included), in Chromium at 360 px with no cache and service workers blocked,
 * seen through the DevTools protocol. Bytes are the response bodies as transferred when they came
 * brotli-compressed, else the brotli file we serve beside them (plain-HTTP Chromium may ask for gzip
 * only); stylesheets are counted the same way, apart.
 */
export async function measureScripts(browser, baseUrl, distDir, path) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map();
    // Only what the screen's own document loads: a screen that hands over to another page (the
    // card checkout) stops counting there.
    let loader;
    cdp.on('Network.requestWillBeSent', ({ loaderId, type }) => {
      if (type === 'Document' && loader === undefined) loader = loaderId;
    });
    cdp.on('Network.responseReceived', ({ requestId, loaderId, type, response }) => {
      if ((type !== 'Script' && type !== 'Stylesheet') || loaderId !== loader) return;
      const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
      responses.set(requestId, { type, url: response.url, encoding, headerBytes: response.encodedDataLength, bytes: 0 });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const entry = responses.get(requestId);
      if (entry) entry.bytes = encodedDataLength - entry.headerBytes;
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    const size = (entry) => {
      const url = new URL(entry.url);
      if (entry.encoding === 'br' || url.origin !== baseUrl || !existsSync(join(distDir, url.pathname))) return entry.bytes;
      return brotliBytes(distDir, url.pathname);
    };
    const sum = (type) => [...responses.values()].filter((entry) => entry.type === type).reduce((total, entry) => total + size(entry), 0);
    const scripts = [...responses.values()].filter((entry) => entry.type === 'Script');
    return {
      jsKb: sum('Script') / 1024,
      cssKb: sum('Stylesheet') / 1024,
      scripts: scripts.length,
      files: scripts.map((entry) => ({ path: new URL(entry.url).pathname, bytes: size(entry) })).sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await context.close();
  }
}
