import type { ErrorBody, ErrorCode, RelatedData } from '@eqms/contract';

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
export const duplicate = (field: string) =>
  new AppError(409, 'DUPLICATE', `The ${field} is already in use.`, { field });
/** A 400 on one field; `messageKey` is a rule message (contract messages.ts) or plain English text. */
export const invalidField = (field: string, messageKey: string) =>
  new AppError(400, 'VALIDATION_ERROR', 'Invalid input value', { fields: [{ field, message: messageKey }] });
export const forbidden = (message = "You don't have permission.") => new AppError(403, 'FORBIDDEN', message);
export const conflict = (message: string, extraData?: ErrorBody['extraData']) =>
  new AppError(409, 'CONFLICT', message, extraData);
/** A delete blocked by related rows: the rows go to the related-data dialog. */
export const constraintViolation = (
  datas: RelatedData[],
  message = 'Related data exists, so it cannot be changed or deleted.',
) => new AppError(409, 'ERROR_CONSTRAINT_VIOLATION', message, { datas });
export const unauthorized = (code: ErrorCode, message: string) => new AppError(401, code, message);
