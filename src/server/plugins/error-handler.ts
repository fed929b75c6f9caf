import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#server/errors.ts';
import { describeUnavailability, isDatabaseUnavailable } from '#server/lib/db-errors.ts';
import { describeFailure } from '#server/lib/describe-failure.ts';
import type { ErrorBody } from '#shared/errors.ts';

const friendlyByFastifyCode: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported content type. Send JSON (application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length header.' },
  FST_ERR_BAD_URL: { status: 400, message: 'The URL is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The URL is too long.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'The file is too large: the limit is 5 MB.' },
  FST_FILES_LIMIT: { status: 413, message: 'Upload one file at a time.' },
  FST_PARTS_LIMIT: { status: 413, message: 'The upload has too many parts.' },
  FST_FIELDS_LIMIT: { status: 413, message: 'The upload has too many fields.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    message: 'Upload the CSV file as multipart/form-data.',
  },
};

/**
 * Every error answers `{message}` with its code's status (docs/product.md#errors); a 5xx never
 * reveals internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = describeError(error);
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
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
 * no security headers. The same `{message}` as every other error instead, marked nosniff.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, body } = describeError(error);
  request.log.info({ status, message: body.message }, 'request refused');
  void reply.status(status).header('x-content-type-options', 'nosniff').send(body);
}

function describeError(error: FastifyError | AppError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: error.fieldErrors
        ? { message: error.message, errors: error.fieldErrors }
        : { message: error.message },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
      errors[field] ??=
        field === '_' ? 'Expected a JSON object.' : (issue.message ?? 'Invalid value');
    }
    const first = Object.entries(errors)[0];
    const message = first?.[0] === '_' ? 'The request body must be a JSON object.' : first?.[1];
    return { status: 400, body: { message: message ?? 'Invalid input.', errors } };
  }
  const known = error.code ? friendlyByFastifyCode[error.code] : undefined;
  if (known) return { status: known.status, body: { message: known.message } };
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { message: 'The service is temporarily unavailable. Please try again shortly.' },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: { message: error.message } };
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
}
