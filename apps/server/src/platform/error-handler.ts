import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ErrorBody, type FieldError, toLocale, translateMessage } from '@eqms/contract';
import { AppError } from './errors.ts';

// ARCHITECTURE §4 error bodies. Messages of field errors are translated to the caller's language
// (Accept-Language: en… → English, anything else → Korean); a 500 never leaks a stack.
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const locale = toLocale(req.headers['accept-language']);
    const send = (body: ErrorBody) => reply.status(body.status).send(body);

    if (error instanceof AppError) {
      const extraData = error.extraData?.fields
        ? {
            ...error.extraData,
            fields: error.extraData.fields.map((f) => ({ ...f, message: translateMessage(f.message, locale) })),
          }
        : error.extraData;
      return send({
        status: error.status,
        code: error.code,
        message: error.message,
        ...(extraData ? { extraData } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((v) => {
        const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        return {
          field: path || error.validationContext || '',
          message: translateMessage(v.message ?? 'invalidType', locale),
        };
      });
      return send({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: fields.map((f) => `${f.field}: ${f.message}`).join('; ') || 'Invalid input value',
        extraData: { fields },
      });
    }
    const pgCode = (error as { code?: string }).code ?? (error.cause as { code?: string } | undefined)?.code;
    if (pgCode === '23505') {
      const constraint = String((error as any).constraint ?? (error.cause as any)?.constraint ?? '');
      const field = constraint.replace(/^[a-z]+_/, '').replace(/_(key|uq|unique)$/, '');
      return send({ status: 409, code: 'DUPLICATE', message: 'A duplicate value exists.', extraData: { field } });
    }
    if (pgCode === '23503') {
      return send({
        status: 409,
        code: 'ERROR_CONSTRAINT_VIOLATION',
        message: 'Related data exists.',
        extraData: { datas: [] },
      });
    }
    if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
      req.log.error({ err: error, reqId: req.id }, 'unhandled error');
      return send({
        status: 500,
        code: 'INTERNAL_SERVER_ERROR',
        message: `Internal server error (request ${req.id}).`,
      });
    }
    const status = error.statusCode;
    const code =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : status === 429
            ? 'TOO_MANY_REQUESTS'
            : status === 404
              ? 'NOT_FOUND'
              : status === 401
                ? 'UNAUTHORIZED'
                : status === 403
                  ? 'FORBIDDEN'
                  : 'VALIDATION_ERROR';
    return send({ status, code, message: error.message });
  });
}
