import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  type ErrorBody,
  type FieldError,
  type IssueLike,
  issueMessage,
  toLocale,
  translateMessage,
} from '@eqms/contract';
import type { ForeignKeys } from '../db/foreign-keys.ts';
import { AppError, constraintViolation } from './errors.ts';

export type ErrorHandlerOptions = {
  /** The schema's foreign keys by constraint name (db/foreign-keys.ts), to tell the two kinds of 23503 apart. */
  foreignKeys?: ForeignKeys;
};

// ARCHITECTURE §4 error bodies. Messages of field errors are translated to the caller's language
// (Accept-Language: en… → English, anything else → Korean); a 500 never leaks a stack.
export function installErrorHandler(app: FastifyInstance, { foreignKeys }: ErrorHandlerOptions = {}) {
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
      const issues = error.validation.map((v) => {
        const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        const params = (v.params ?? {}) as IssueLike & { keys?: string[] };
        // An unknown key is reported on its parent; the key itself is the field the user must remove.
        const key = v.keyword === 'unrecognized_keys' && params.keys?.length ? params.keys[0] : '';
        return {
          field: [path, key].filter(Boolean).join('.') || error.validationContext || '',
          key: issueMessage({ ...params, code: v.keyword, message: v.message }),
        };
      });
      const fields: FieldError[] = issues.map((i) => ({ field: i.field, message: translateMessage(i.key, locale) }));
      return send({
        status: 400,
        code: 'VALIDATION_ERROR',
        // The English summary for logs and integrators; users read the fields in their language (ARCHITECTURE §4).
        message: issues.map((i) => `${i.field}: ${translateMessage(i.key, 'en')}`).join('; ') || 'Invalid input value',
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
      const violation = foreignKeyViolation(pgErrorOf(error, '23503'), foreignKeys);
      if (violation.kind === 'missing') {
        // An insert or update naming a row that does not exist (deleted meanwhile, or never there).
        const fields = [{ field: violation.field, message: translateMessage('notExists', locale) }];
        return send({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid input value', extraData: { fields } });
      }
      // A delete or update of a row still referenced, by a reference no delete guard declared (ARCHITECTURE §3):
      // the same 409 as a declared one, without the rows.
      const blocked = constraintViolation([]);
      return send({ status: blocked.status, code: blocked.code, message: blocked.message, extraData: { datas: [] } });
    }
    const refused = pgCode ? refusedInput(error, pgCode) : null;
    if (refused) {
      // A safety net, not the check: input validation should have named the field. Logged so the gap is found.
      req.log.warn({ err: error, reqId: req.id, sqlState: pgCode }, 'input refused by the database');
      const fields = refused.field ? [{ field: refused.field, message: translateMessage('invalidInput', locale) }] : [];
      return send({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid input value', extraData: { fields } });
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

type PgErrorFields = { code?: string; message?: string; detail?: string; constraint?: string; column?: string };

/**
 * SQLSTATEs that mean the input was bad, not the server: class 22 (data exception: 22P02 invalid text
 * representation, 22003 numeric out of range, 22021 invalid byte sequence such as NUL, 22001 value too long,
 * 22007/22008 bad or overflowing dates, …) and 54000 (a value too large for an index row). Never a 500.
 */
function refusedInput(error: unknown, pgCode: string): { field: string | null } | null {
  if (!pgCode.startsWith('22') && pgCode !== '54000') return null;
  const column = pgErrorOf(error, pgCode).column;
  return { field: column ? camelCase(column) : null };
}

/** The driver's error carrying this SQLSTATE (drizzle wraps it as `cause`). */
function pgErrorOf(error: unknown, code: string): PgErrorFields {
  for (let cur = error as (PgErrorFields & { cause?: unknown }) | undefined, depth = 0; cur && depth < 4; depth++) {
    if (cur.code === code) return cur;
    cur = cur.cause as typeof cur;
  }
  return {};
}

const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const sameColumns = (a: string[], b: string[]) => a.length === b.length && a.every((c, i) => c === b[i]);

/**
 * A 23503 is one of two things. PostgreSQL's detail names the key it checked — `Key (child_product_id)=(7) is not
 * present in table "products"` when an insert or update names a missing row, `Key (id)=(7) is still referenced
 * from table "boms"` when a delete or update takes away a referenced row — so comparing that key with the foreign
 * key's own columns tells them apart in any server language; the English message is the fallback when the
 * constraint is unknown or the detail is withheld.
 */
export function foreignKeyViolation(
  err: PgErrorFields,
  foreignKeys?: ForeignKeys,
): { kind: 'missing'; field: string } | { kind: 'referenced' } {
  const keyColumns = /\(([^()]*)\)=\(/
    .exec(err.detail ?? '')?.[1]
    ?.split(',')
    .map((c) => c.trim().replace(/^"|"$/g, ''));
  const fk = err.constraint ? foreignKeys?.get(err.constraint) : undefined;
  let missing: boolean;
  if (fk && keyColumns && !sameColumns(fk.columns, fk.foreignColumns)) missing = sameColumns(keyColumns, fk.columns);
  else missing = /^insert or update on table/.test(err.message ?? '');
  if (!missing) return { kind: 'referenced' };
  const column = fk?.columns[0] ?? keyColumns?.[0] ?? '';
  return { kind: 'missing', field: camelCase(column) };
}
