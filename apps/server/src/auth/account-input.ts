import { z } from 'zod';
import { ROLES } from '@bursary/shared';
import { invalidInput } from './errors.ts';
import { USERNAME_PATTERN } from './users.ts';

/**
 * The bodies of the account and user routes: the routes parse with these schemas and the API
 * description shows them (the routes declare them beside themselves), so the two cannot drift apart.
 */
const noNul = (text: string) => !text.includes('\u0000');
const name = z
  .string('name must be text')
  .trim()
  .min(1, 'name must not be empty')
  .max(100, 'name is at most 100 characters')
  .refine(noNul, 'name must not contain a NUL character');
const email = z.union([
  z.email('email must be an email address').max(254, 'email is at most 254 characters'),
  z.literal(''),
  z.null(),
]);
const role = z.enum(ROLES, 'role must be admin, editor or viewer');
/** A TOTP code or a recovery code; either is short. */
const code = z.string('code is required').min(1, 'code is required').max(64, 'code is too long');

export const profileBody = z.strictObject({ name: name.optional(), email: email.optional() });
export const newUserBody = z.strictObject({
  username: z
    .string('username is required')
    .regex(
      USERNAME_PATTERN,
      'username is 1 to 64 letters, digits, dots, dashes, underscores or @, starting with a letter or digit',
    ),
  name: name.optional(),
  email: email.optional(),
  role,
});
export const userChangeBody = z.strictObject({
  name: name.optional(),
  email: email.optional(),
  role: role.optional(),
  disabled: z.boolean('disabled must be true or false').optional(),
});
export const codeBody = z.strictObject({ code });
export const totpOffBody = z.strictObject({
  password: z.string('password is required').min(1, 'password is required').max(1024, 'password is too long'),
  code,
});
export const loginCodeBody = z.strictObject({
  mfa_token: z.string('mfa_token is required').min(1, 'mfa_token is required').max(200, 'mfa_token is too long'),
  code,
});

/** Longest username or password worth hashing; anything longer cannot be a real one. */
const MAX_CREDENTIAL_LENGTH = 1024;
/** Each field names its first fault only, as the sign-in form shows one sentence per field. */
const first = { abort: true } as const;
/**
 * A sign-in's username and password. Other fields are ignored, and a body that is not an object
 * reads as an empty one, so it asks for both fields like any other incomplete sign-in.
 */
export const loginBody = z.preprocess(
  (body) => (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}),
  z.object({
    username: z
      .string('Username is required')
      .refine((text) => text.trim() !== '', { message: 'Username is required', ...first })
      .refine((text) => text.length <= MAX_CREDENTIAL_LENGTH, { message: 'Username is too long', ...first })
      // no stored name holds a NUL, and PostgreSQL text cannot even be compared with one
      .refine(noNul, { message: 'Username must not contain a NUL character', ...first }),
    password: z
      .string('Password is required')
      .refine((text) => text !== '', { message: 'Password is required', ...first })
      .refine((text) => text.length <= MAX_CREDENTIAL_LENGTH, { message: 'Password is too long', ...first }),
  }),
);

/** The body as `schema` reads it, or 400 naming each field at fault. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw invalidInput(
    parsed.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ path: key, message: `${key} is not accepted here` }))
        : [
            {
              path: issue.path.join('.') || 'body',
              message: issue.path.length ? issue.message : 'The body must be a JSON object',
            },
          ],
    ),
  );
}

/** An empty email clears it. */
export const storedEmail = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() || null;
