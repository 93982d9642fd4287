import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, PreconditionFailedError } from '../lib/errors.ts';
import { recordWithAltText } from '../media/alt-text.ts';
import { errorBody, formatBytes } from '../lib/error-body.ts';
import { isBusyError } from '../db/write-transaction.ts';

const INTERNAL_MESSAGE = 'Something went wrong on the server. Please try again.';
const BUSY_MESSAGE = 'The database is busy with other changes. Please try again in a moment.';

/** Fastify's and its plugins' own 4xx failures, in the product's words (never their raw text). */
function frameworkMessage(error: FastifyError, bodyMaxBytes: number, mediaMaxBytes: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON. Check its syntax and send it again.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty. Send a JSON object.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request body is larger than the ${formatBytes(bodyMaxBytes)} limit.`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not supported. Send JSON (application/json) or a form (multipart/form-data).';
    case 'FST_REQ_FILE_TOO_LARGE':
      return `The image is larger than the ${formatBytes(mediaMaxBytes)} limit.`;
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'The form has too many fields or files.';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'The request is not a valid multipart form.';
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid: check its percent-encoding and send it again.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address is too long. Check the id in it and send it again.';
    default:
      if (error instanceof SyntaxError)
        return 'The request body is not valid JSON. Check its syntax and send it again.';
      return 'The request could not be read. Check it and send it again.';
  }
}

/**
 * Errors the router meets before any route or error handler runs (an address that cannot be
 * decoded, a path parameter past its length): the same `{ message, error }` shape, never
 * Fastify's own body with its error code.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { bodyMaxBytes, mediaMaxBytes } = request.server.config;
  request.log.info({ code: error.code }, 'request refused');
  void reply.status(400).send(errorBody(400, frameworkMessage(error, bodyMaxBytes, mediaMaxBytes)));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Maps every thrown error to `{ message, error, fields? }`. Handlers just throw. */
export default fp(
  async (app) => {
    const { bodyMaxBytes, mediaMaxBytes } = app.config;
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof HttpError) {
        if (error.headers) void reply.headers(error.headers);
        const send = (extra: Record<string, unknown> | undefined) =>
          reply
            .status(error.status)
            .send(errorBody(error.status, error.message, { error: error.code, fields: error.fields, extra }));
        // a stale write's current record is answered as reads answer it
        const current = error instanceof PreconditionFailedError ? error.extra?.current : undefined;
        if (error instanceof PreconditionFailedError && error.section && isRecord(current)) {
          const { section } = error;
          return recordWithAltText(request.server.db, section, current).then(
            (record) => send({ ...error.extra, current: record }),
            () => send(error.extra),
          );
        }
        return send(error.extra);
      }
      // a transaction still in another's way after its retries: the change is fine, the moment is not
      if (isBusyError(error)) {
        request.log.warn({ code: error.code }, 'database busy');
        return reply.status(503).header('Retry-After', '1').send(errorBody(503, BUSY_MESSAGE));
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        // 406 from the multipart parser means a broken form: a client error of the 400 kind
        const answered = status === 406 ? 400 : status;
        request.log.info({ code: error.code }, 'request refused');
        return reply.status(answered).send(errorBody(answered, frameworkMessage(error, bodyMaxBytes, mediaMaxBytes)));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody(500, INTERNAL_MESSAGE));
    });
  },
  { name: 'bursary-error-handler', dependencies: ['bursary-db'] },
);
