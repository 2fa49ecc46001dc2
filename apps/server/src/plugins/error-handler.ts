import { ERROR_HTTP_STATUS, ErrorCode, errorMessage, isErrorCodeValue, OPERATOR_BASE, type ErrorCodeValue, type Language } from '@lend/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

function messageLanguage(request: FastifyRequest): Language {
  // Operators read English; borrowers read their own language.
  return request.url.startsWith(OPERATOR_BASE) ? 'en' : request.language;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCodeValue, field?: string) {
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
 * One place turns every failure into the `{code, message, data}` envelope: refusals keep
 * their code and name the field; anything unexpected is logged and answered without details.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: Error, request, reply) => {
    if (thrown instanceof AppError) return sendError(request, reply, thrown.code, thrown.field);
    const error = thrown as FastifyError;
    if (error.validation) return sendError(request, reply, ruleCodeOf(error) ?? ErrorCode.InvalidRequest, fieldOf(error));
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return sendError(request, reply, known.code, known.field);
    if (error.statusCode === 429) return sendError(request, reply, ErrorCode.TooManyRequests);
    if (error.statusCode === 403 || error.statusCode === 404) return sendError(request, reply, ErrorCode.NotFound);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, ErrorCode.InvalidRequest, 'request');
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, ErrorCode.Internal);
  });
});
