import {
  type Locale,
  PROFILE_PHOTO_MAX_BYTES,
  type ProfileUpdate,
  profileUpdateBody,
  issueMessage,
  ruleMessage,
  translateMessage,
} from '@eqms/contract';

// The SPEC §5 profile form rules, taken from the contract schema the server validates with, so both sides
// accept and refuse the same input with the same words.

export type ProfileValues = {
  username?: string;
  email?: string | null;
  phone?: string | null;
  password?: string;
  passwordConfirm?: string;
  locationId?: number | null;
};
export type ProfileField = keyof ProfileValues;

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };

function firstMessage(issue: Issue): string {
  // A union (e.g. "an email or empty") reports its branches' issues; the first branch is the rule.
  if (issue.code === 'invalid_union' && issue.errors?.[0]?.[0]) return firstMessage(issue.errors[0][0]);
  return issueMessage(issue);
}

/** The body sent to PUT /api/user/profile: empty optional texts as null, no password unless one was typed. */
export function profilePayload(values: ProfileValues): ProfileUpdate {
  const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
  const body: ProfileUpdate = {
    username: values.username?.trim() ?? '',
    email: text(values.email),
    phone: text(values.phone),
    locationId: values.locationId ?? null,
  };
  if (values.password) {
    body.password = values.password;
    body.passwordConfirm = values.passwordConfirm ?? '';
  }
  return body;
}

/** Each invalid field's first message, in the given language. */
export function profileErrors(values: ProfileValues, locale: Locale): Partial<Record<ProfileField, string>> {
  const body = profilePayload(values);
  // A confirmation typed without a password is still compared, as the user sees both boxes.
  if (!values.password && values.passwordConfirm) body.passwordConfirm = values.passwordConfirm;
  const result = profileUpdateBody.safeParse(body);
  const errors: Partial<Record<ProfileField, string>> = {};
  if (!values.password && values.passwordConfirm)
    errors.passwordConfirm = translateMessage(ruleMessage('passwordConfirm'), locale);
  if (result.success) return errors;
  for (const issue of result.error.issues as Issue[]) {
    const field = issue.path[0] as ProfileField;
    errors[field] ??= translateMessage(firstMessage(issue), locale);
  }
  return errors;
}

/** SPEC §5 photo: an image of at most 100 KB; the warning to show, or null when the file may be uploaded. */
export function photoProblem(file: { type: string; size: number }, locale: Locale): string | null {
  if (!file.type.startsWith('image/')) return translateMessage(ruleMessage('onlyImages'), locale);
  if (file.size > PROFILE_PHOTO_MAX_BYTES) {
    return translateMessage(ruleMessage('fileSize', { size: PROFILE_PHOTO_MAX_BYTES / 1024, unit: 'KB' }), locale);
  }
  return null;
}
