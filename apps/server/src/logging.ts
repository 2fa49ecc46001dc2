import type { FastifyBaseLogger, FastifyLogFn, FastifyRequest } from 'fastify';

/**
 * Query keys whose values are known to carry no personal data or secret: languages, versions,
 * our own ids, and campaign labels. Every other value is replaced (docs/decisions/067), so a new
 * parameter is hidden until someone decides it is harmless.
 */
const LOGGED_QUERY_KEYS = new Set(
  [
    'language',
    'userId',
    'appName',
    'appVersion',
    'clientType',
    'client_type',
    'merchantNumber',
    'orderId',
    'orderNo',
    'productId',
    'couponId',
    'templateId',
    'id',
    'page_id',
    'page_type',
    'utm_tag',
    'user_from',
    'app_from',
    'status',
    'limit',
  ].map((key) => key.toLowerCase()),
);

/**
 * Keys whose values are our own ids, kept whole so a request can be found by its order. Every
 * other logged value loses its runs of ten or more digits: a client decides what it puts in a
 * campaign label or a page id, and a phone or card number there must not reach the log either.
 */
const OWN_ID_KEYS = new Set(['orderid', 'orderno']);

const REDACTED = '[REDACTED]';
/** A key that is a plain name; anything else (digits, escapes) may itself be the data. */
const PLAIN_KEY = /^[A-Za-z_]{1,40}$/;
/** Ten digits or more in a path can only be a phone, card or account number a client put there. */
const LONG_DIGIT_RUN = /\d{10,}/g;

function decodedKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

function redactPair(pair: string): string {
  const equals = pair.indexOf('=');
  const key = equals === -1 ? pair : pair.slice(0, equals);
  const name = decodedKey(key);
  if (!PLAIN_KEY.test(name)) return REDACTED;
  if (equals === -1 || OWN_ID_KEYS.has(name.toLowerCase())) return pair;
  if (LOGGED_QUERY_KEYS.has(name.toLowerCase())) return `${key}=${pair.slice(equals + 1).replace(LONG_DIGIT_RUN, REDACTED)}`;
  return `${key}=${REDACTED}`;
}

/** The address with every query value not known to be harmless replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(LONG_DIGIT_RUN, REDACTED);
  if (queryStart === -1) return path;
  const query = url.slice(queryStart + 1);
  return query === '' ? `${path}?` : `${path}?${query.split('&').map(redactPair).join('&')}`;
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

type ErrorLike = Error & Record<string, unknown>;
type SerializedError = { type: string; message: string; stack: string; [field: string]: unknown };

const isErrorLike = (value: unknown): value is ErrorLike => value instanceof Error;

/**
 * drizzle wraps a failed query with its SQL and parameters (and says both in its message); the
 * drivers' own errors carry a five-character SQLSTATE and a severity.
 */
function isDatabaseError(error: ErrorLike): boolean {
  const failedQuery = typeof error.query === 'string' && 'params' in error;
  const driverError = typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error;
  return failedQuery || driverError;
}

function causesOf(error: ErrorLike): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  while (isErrorLike(current) && chain.length < 5) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/** Only the "at …" lines: the first line of a stack repeats the message. */
const stackFrames = (error: ErrorLike) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at .+:\d+:\d+\)?$/.test(line))
    .join('\n');

const stringField = (chain: ErrorLike[], field: string): string | undefined => {
  for (const link of chain) if (typeof link[field] === 'string' && link[field] !== '') return link[field] as string;
  return undefined;
};

/**
 * A failed query is logged by what identifies the fault, never by the values involved: the
 * parameters, the driver's message and its detail ("Key (phone)=(…) already exists") can hold a
 * phone or an SMS code. The SQL text has placeholders, not values.
 */
function databaseErrorFields(chain: ErrorLike[], top: ErrorLike): SerializedError {
  const fields: SerializedError = { type: 'DatabaseError', message: 'database query failed', stack: stackFrames(top) };
  for (const field of ['code', 'severity', 'schema', 'table', 'column', 'constraint', 'routine', 'query']) {
    const value = stringField(chain, field);
    if (value !== undefined) fields[field] = value;
  }
  return fields;
}

function plainErrorFields(chain: ErrorLike[]): SerializedError | undefined {
  const [error, ...causes] = chain;
  if (!error) return undefined;
  const fields: SerializedError = { type: error.name, message: error.message, stack: error.stack ?? '' };
  if (typeof error.code === 'string') fields.code = error.code;
  if (typeof error.statusCode === 'number') fields.statusCode = error.statusCode;
  const cause = plainErrorFields(causes);
  if (cause) fields.cause = cause;
  return fields;
}

/** pino's `err` serializer: named fields only, and no query values for a database error. */
export function errorSerializer(value: Error): SerializedError {
  if (!isErrorLike(value)) return { type: typeof value, message: 'not an Error', stack: '' };
  const chain = causesOf(value);
  if (chain.some(isDatabaseError)) return databaseErrorFields(chain, value);
  return plainErrorFields(chain) ?? { type: value.name, message: value.message, stack: value.stack ?? '' };
}

/** Paths for pino's own redaction, for anything logged with a body or headers attached. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.temporaryPassword',
  '*.sessionId',
  '*.verifyCode',
  '*.smsCode',
  '*.capcode',
  '*.sid',
  '*.cardNo',
  '*.repayToken',
  '*.phone',
  '*.mobilePhone',
];

/** The logger settings every app instance uses, the tests' included. */
export const LOG_OPTIONS = {
  redact: { paths: REDACT_PATHS, censor: REDACTED },
  serializers: { req: requestSerializer, err: errorSerializer },
};

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/** Whether a logger at `current` writes a line at `level`. */
const writes = (current: string, level: LogLevel): boolean => (LEVEL_VALUES[level] ?? 0) >= (LEVEL_VALUES[current] ?? 0);

type ChildArgs = Parameters<FastifyBaseLogger['child']>;

/**
 * A request's logger that makes its pino child only when a line at an enabled level is written.
 * Its methods live on the prototype, so a request that writes nothing costs one small object.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: ChildArgs[0],
    private readonly options: ChildArgs[1],
  ) {}

  private madeChild(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: LogLevel, args: Parameters<FastifyLogFn>): void {
    if (this.made || writes(this.options?.level ?? this.parent.level, level)) this.madeChild()[level](...args);
  }

  get level(): string {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.madeChild().level = level;
  }

  fatal(...args: Parameters<FastifyLogFn>): void {
    this.write('fatal', args);
  }

  error(...args: Parameters<FastifyLogFn>): void {
    this.write('error', args);
  }

  warn(...args: Parameters<FastifyLogFn>): void {
    this.write('warn', args);
  }

  info(...args: Parameters<FastifyLogFn>): void {
    this.write('info', args);
  }

  debug(...args: Parameters<FastifyLogFn>): void {
    this.write('debug', args);
  }

  trace(...args: Parameters<FastifyLogFn>): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(...args: ChildArgs): FastifyBaseLogger {
    return this.madeChild().child(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: the request's logger, made only when a line at an enabled level
 * is written. Fastify makes one child per request, and a child with redaction costs about 3 % of
 * the borrower's read under load while most requests write nothing (docs/decisions/212).
 */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: ChildArgs[0], options: ChildArgs[1]): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
