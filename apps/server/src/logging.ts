import type { FastifyRequest } from 'fastify';

/** Query and body keys whose values never reach a log line. */
const SECRET_KEYS = new Set(['sessionid', 'verifycode', 'smscode', 'cardno', 'token', 'repaytoken', 'capcode', 'password', 'sid']);

/** The address with secret query values replaced, so the log can keep the rest. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  const params = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [key = '', ...rest] = pair.split('=');
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // a malformed escape is logged as written
      }
      return SECRET_KEYS.has(name.toLowerCase()) && rest.length > 0 ? `${key}=[REDACTED]` : pair;
    });
  return `${path}?${params.join('&')}`;
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

/** Paths for pino's own redaction, for anything logged with a body or headers attached. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.sessionId',
  '*.verifyCode',
  '*.smsCode',
  '*.capcode',
  '*.sid',
  '*.cardNo',
  '*.repayToken',
];
