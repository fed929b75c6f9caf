import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, codeOfFrameworkStatus, statusByCode } from '#server/errors.ts';
import { describeUnavailability, isDatabaseUnavailable } from '#server/lib/db-errors.ts';
import { describeFailure } from '#server/lib/describe-failure.ts';
import { keepPersonalAnswerPrivate } from '#server/plugins/session.ts';
import type { ErrorBody, ErrorCode } from '#shared/errors.ts';

const friendlyByFastifyCode: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type. Send JSON (application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'Invalid Content-Length header.',
  },
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: 'The URL is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URI_TOO_LONG', message: 'The URL is too long.' },
  FST_REQ_FILE_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The file is too large: the limit is 5 MB.',
  },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Upload one file at a time.' },
  FST_PARTS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'The upload has too many parts.' },
  FST_FIELDS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'The upload has too many fields.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Upload the CSV file as multipart/form-data.',
  },
};

/**
 * Every error answers `{message, code}` with its code's status (docs/product.md#errors); a 5xx
 * never reveals internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body, retryAfterSeconds } = describeError(error);
    if (retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(retryAfterSeconds));
    }
    // An outage fails every request alike: one line each, not a stack trace each.
    if (status === 503) request.log.warn(describeUnavailability(error), 'service unavailable');
    else if (status >= 500)
      request.log.error({ failure: describeFailure(error) }, 'request failed');
    else request.log.info({ status, message: body.message }, 'request refused');
    return reply.status(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: the router refuses a malformed URL (broken percent-encoding, an
 * over-long id) before any hook or the error handler runs, and its own answer echoes the URL with
 * no security headers. The same `{message, code}` as every other error instead, marked nosniff.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, body } = describeError(error);
  request.log.info({ status, message: body.message }, 'request refused');
  keepPersonalAnswerPrivate(request, reply);
  void reply.status(status).header('x-content-type-options', 'nosniff').send(body);
}

/**
 * How long a client waits before trying again when the database is away: a restart, a failover
 * or a full connection slot list usually clears within seconds, and a client that retries at once
 * adds to the connections the database is refusing.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

type Described = { status: number; body: ErrorBody; retryAfterSeconds?: number };

function describeError(error: FastifyError | AppError): Described {
  if (error instanceof AppError) {
    const described = refusal(error.code, error.message, error.fieldErrors);
    return {
      ...described,
      status: error.statusCode,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  // The validator compiler's issues, from zod or from a contract's own function (decision 024).
  if (error.code === 'FST_ERR_VALIDATION' && error.validation?.length) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
      errors[field] ??=
        field === '_' ? 'Expected a JSON object.' : (issue.message ?? 'Invalid value');
    }
    const first = Object.entries(errors)[0];
    const message = first?.[0] === '_' ? 'The request body must be a JSON object.' : first?.[1];
    return refusal('VALIDATION', message ?? 'Invalid input.', errors);
  }
  const known = error.code ? friendlyByFastifyCode[error.code] : undefined;
  if (known) return refusal(known.code, known.message);
  if (isDatabaseUnavailable(error)) {
    const described = refusal(
      'SERVICE_UNAVAILABLE',
      'The service is temporarily unavailable. Please try again shortly.',
    );
    return { ...described, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's or a plugin's own refusal keeps its status, even one that no code has (406).
    return { status, body: { message: error.message, code: codeOfFrameworkStatus(status) } };
  }
  return refusal('INTERNAL', 'Something went wrong on our side. Please try again.');
}

function refusal(
  code: ErrorCode,
  message: string,
  errors?: Record<string, string>,
): { status: number; body: ErrorBody } {
  return {
    status: statusByCode[code],
    body: errors ? { message, code, errors } : { message, code },
  };
}
