import {
  type DuplicateHolder,
  type ErrorBody,
  type ErrorCode,
  type RelatedData,
  type RuleMessageKey,
  ruleMessage,
  translateMessage,
} from '@eqms/contract';

// Errors a service throws on purpose; the error handler turns them into the ARCHITECTURE §4 body.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extraData?: ErrorBody['extraData'],
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found.`);
/** 409 DUPLICATE on a field; `held` names the value and the existing row that holds it (the web shows both). */
export const duplicate = (field: string, held?: { value: string; existing: DuplicateHolder }) =>
  new AppError(
    409,
    'DUPLICATE',
    held ? `The ${field} ${held.value} is already in use by ${held.existing.key}.` : `The ${field} is already in use.`,
    { field, ...held },
  );
/** A 400 on one field; `messageKey` is a rule message (contract messages.ts) or plain English text. */
export const invalidField = (field: string, messageKey: string) =>
  new AppError(400, 'VALIDATION_ERROR', 'Invalid input value', { fields: [{ field, message: messageKey }] });
export const forbidden = (message = "You don't have permission.") => new AppError(403, 'FORBIDDEN', message);
/**
 * A refusal by a business rule. The web shows `extraData.messageKey` (a rule message, contract messages.ts) in the
 * user's language; the English message is the same text, for logs and integrators.
 */
export const conflict = (
  messageKey: RuleMessageKey,
  extraData?: ErrorBody['extraData'],
  params?: Record<string, string | number>,
) => {
  const key = ruleMessage(messageKey, params);
  return new AppError(409, 'CONFLICT', translateMessage(key, 'en'), { ...extraData, messageKey: key });
};
/** A delete blocked by related rows: the rows go to the related-data dialog. */
export const constraintViolation = (
  datas: RelatedData[],
  message = 'Related data exists, so it cannot be changed or deleted.',
) => new AppError(409, 'ERROR_CONSTRAINT_VIOLATION', message, { datas });
export const unauthorized = (code: ErrorCode, message: string) => new AppError(401, code, message);
