// Error codes of SPEC §8 and ARCHITECTURE §4, and the error body every failed call returns.
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'FORBIDDEN',
  'DUPLICATE',
  'ERROR_CONSTRAINT_VIOLATION',
  'CONFLICT',
  'OUT_OF_STOCK',
  'INSUFFICIENT_BOM_STOCK',
  'BOM_CYCLE',
  'LOT_ON_HOLD',
  'MATERIAL_ON_HOLD',
  'SESSION_TIMEOUT',
  'ACCESS_TOKEN_EXPIRED',
  'ID_PASSWORD_INVALID',
  'UNAUTHORIZED',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL_SERVER_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type FieldError = { field: string; message: string };
/** A row of the related-data dialog: screen location, ID, name, creator, created time. */
export type RelatedData = {
  screen: string;
  id: string | number;
  name: string;
  createdBy: string | null;
  createdAt: string | null;
};

/** The existing row that already holds a unique value (a DUPLICATE's `extraData.existing`). */
export type DuplicateHolder = { id: number; key: string; name?: string | null };

/**
 * `message` is English, for logs and integrators; the web shows the code and `extraData` in the user's language:
 * `fields` (VALIDATION_ERROR), `datas` (ERROR_CONSTRAINT_VIOLATION), `field`/`value`/`existing` (DUPLICATE),
 * `messageKey` (a rule message, contract messages.ts: CONFLICT and other refusals).
 */
export type ErrorBody = {
  status: number;
  code: ErrorCode;
  message: string;
  extraData?: {
    fields?: FieldError[];
    datas?: RelatedData[];
    field?: string;
    value?: string;
    existing?: DuplicateHolder;
    messageKey?: string;
    [k: string]: unknown;
  };
};
