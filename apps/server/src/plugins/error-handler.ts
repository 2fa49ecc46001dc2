import { ERROR_HTTP_STATUS, ErrorCode, errorMessage, isErrorCodeValue, OPERATOR_BASE, type ErrorCodeValue, type Language } from '@lend/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CountersUnavailable } from '../counters/counter-store';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { AppError } from '../errors';
import { namesLanguage } from './request-language';
import { noteRefusal } from './metrics';

function messageLanguage(request: FastifyRequest): Language {
  // Borrowers read their own language; operators English, unless the call names another, as the
  // back office does for the person reading it (docs/decisions/167).
  if (!request.url.startsWith(OPERATOR_BASE)) return request.language;
  return namesLanguage(request) ? request.language : 'en';
}

export function sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCodeValue, field?: string) {
  noteRefusal(request, code);
  return reply
    .code(ERROR_HTTP_STATUS[code])
    .send({ code, message: errorMessage(code, messageLanguage(request), field), data: null });
}

type ValidationEntry = { instancePath?: string; params?: Record<string, unknown> };

/** A shared-schema rule built with `ruleError(code)` names its own code in the params. */
function ruleCodeOf(error: FastifyError): ErrorCodeValue | undefined {
  const first = (error.validation?.[0] ?? {}) as ValidationEntry;
  const code = (first.params?.params as { errorCode?: unknown } | undefined)?.errorCode;
  return isErrorCodeValue(code) ? code : undefined;
}

/** The field a validation failure names: the first issue's path, or the missing property. */
export function fieldOf(error: FastifyError): string {
  const first = (error.validation?.[0] ?? {}) as ValidationEntry;
  const path = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = first.params?.missingProperty;
  if (path) return path;
  if (typeof missing === 'string') return missing;
  return error.validationContext ?? 'body';
}

const FASTIFY_CODES: Record<string, { code: ErrorCodeValue; field?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCode.PayloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ErrorCode.UnsupportedMediaType },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.InvalidRequest, field: 'body' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.InvalidRequest, field: 'body' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ErrorCode.InvalidRequest, field: 'content-length' },
};

/**
 * The refusal a thrown error stands for: its code and the field at fault; undefined for anything
 * unexpected. Scopes with an envelope of their own (card repayment) answer from the same refusal.
 */
export function refusalOf(thrown: Error): { code: ErrorCodeValue; field?: string | undefined } | undefined {
  if (thrown instanceof AppError) return { code: thrown.code, field: thrown.field };
  // A strict limit could not be counted: refused for now, never let through (docs/decisions/194).
  if (thrown instanceof CountersUnavailable) return { code: ErrorCode.ServiceUnavailable };
  // The database was unreachable or the connection was cut: nothing was done, ask again (docs/decisions/201).
  if (isDatabaseUnavailable(thrown)) return { code: ErrorCode.ServiceUnavailable };
  const error = thrown as FastifyError;
  if (error.validation) return { code: ruleCodeOf(error) ?? ErrorCode.InvalidRequest, field: fieldOf(error) };
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return known;
  if (error.statusCode === 429) return { code: ErrorCode.TooManyRequests };
  if (error.statusCode === 403 || error.statusCode === 404) return { code: ErrorCode.NotFound };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return { code: ErrorCode.InvalidRequest, field: 'request' };
  return undefined;
}

/**
 * One place turns every failure into the `{code, message, data}` envelope: refusals keep
 * their code and name the field; anything unexpected is logged and answered without details.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: Error, request, reply) => {
    const refusal = refusalOf(thrown);
    // Operators need to see a database outage in the log; other refusals are the caller's doing.
    if (refusal?.code === ErrorCode.ServiceUnavailable && isDatabaseUnavailable(thrown)) request.log.warn({ err: thrown }, 'database unavailable');
    if (refusal) return sendError(request, reply, refusal.code, refusal.field);
    request.log.error({ err: thrown }, 'request failed');
    return sendError(request, reply, ErrorCode.Internal);
  });
});
