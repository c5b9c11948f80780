import { z } from 'zod';
import { auditFields, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { isPassword, rules } from '../rules/index.ts';

export const locationRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  /** Names from the root down to this location. */
  path: z.array(z.string()),
});

export const roleRefSchema = z.object({ id: z.number(), name: z.string() });

export const userSchema = z.object({
  id: z.number(),
  userId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  locationId: z.number().nullable(),
  location: locationRefSchema.nullable(),
  hasImage: z.boolean(),
  enabled: z.boolean(),
  homePath: z.string().nullable(),
  roles: z.array(roleRefSchema),
  ext: z.record(z.string(), z.unknown()).nullable().optional(),
  ...auditFields,
});
export type User = z.infer<typeof userSchema>;

const userIdRule = z
  .string({ error: ruleMessage('required') })
  .trim()
  .min(3, { error: ruleMessage('minLength', { min: 3 }) })
  .max(50, { error: ruleMessage('maxLength', { max: 50 }) })
  .regex(/^[A-Za-z0-9._-]+$/, { error: ruleMessage('pattern') });

const optionalPassword = z
  .string()
  .refine((v) => v === '' || isPassword(v), { error: ruleMessage('password') })
  .optional();

export const userCreateBody = z.object({
  userId: userIdRule,
  username: rules.text(50),
  password: rules.password(),
  email: rules.email().nullish().or(z.literal('')),
  phone: rules.phone().nullish().or(z.literal('')),
  locationId: rules.idValue().nullish(),
  roleIds: z.array(rules.idValue()).default([]),
  enabled: z.boolean().default(true),
  ext: z.record(z.string(), z.unknown()).nullish(),
});
/** Roles and the enabled flag are left as they are when omitted, so a partial form cannot strip a user's roles. */
export const userUpdateBody = userCreateBody.omit({ userId: true, password: true }).extend({
  id: rules.idValue(),
  password: optionalPassword,
  roleIds: z.array(rules.idValue()).optional(),
  enabled: z.boolean().optional(),
});
export type UserCreate = z.infer<typeof userCreateBody>;
export type UserUpdate = z.infer<typeof userUpdateBody>;
export const userListQuery = pageQuery.extend({
  q: z.string().max(100).optional(),
  roleId: rules.id().optional(),
  locationId: rules.id().optional(),
});
/** The Excel export's filters: the list's, without paging (the export has every matching row). */
export const userExportQuery = userListQuery.omit({ page: true, size: true });
export type UserExportQuery = z.infer<typeof userExportQuery>;
export const resetPasswordBody = z.object({ password: rules.password() });
export const workersParam = z.object({ locationId: rules.id() });

/** The signed-in user with the permissions merged from all of their roles (SPEC §6). */
export const sessionUserSchema = userSchema.extend({ permissions: z.record(z.string(), z.any()) });
export const userResponse = dataOf(userSchema);
export const userListResponse = listOf(userSchema);
export const sessionUserResponse = dataOf(sessionUserSchema);

/** SPEC §5 profile form: name required, password rule, phone 000-0000-0000, location down to LINE. */
export const profileUpdateBody = z
  .object({
    username: rules.text(50),
    email: rules.email().nullish().or(z.literal('')),
    phone: rules.profilePhone().nullish().or(z.literal('')),
    password: optionalPassword,
    passwordConfirm: z.string().optional(),
    locationId: rules.idValue().nullish(),
  })
  .refine((v) => !v.password || v.password === v.passwordConfirm, {
    error: ruleMessage('passwordConfirm'),
    path: ['passwordConfirm'],
  });
export type ProfileUpdate = z.infer<typeof profileUpdateBody>;

/**
 * A user in a pick-list any signed-in user may read (workers of a location): who, never how to reach them. Email,
 * phone, roles, custom fields and activity need the user screen's view right.
 */
export const userPickSchema = z.object({ id: z.number(), userId: z.string(), username: z.string() });
export type UserPick = z.infer<typeof userPickSchema>;
export const userPickListResponse = listOf(userPickSchema);

export const onlineUserSchema = z.object({
  userId: z.string(),
  username: z.string(),
  hasImage: z.boolean(),
  id: z.number(),
  lastAccessAt: z.string(),
});
