import { type LoginResponse, type MfaRequiredResponse, ROLES, type User } from '@bursary/shared';
import { ALWAYS, answer, BODY, contract, errors, messageShape, NO_NUL, type RouteApi, Shape } from '../lib/api-doc.ts';
import { loginCodeBody } from './account-input.ts';

/** The API declarations of the sign-in routes (auth/plugin.ts, auth/password-sign-in.ts), and the user they answer. */

/** The sign-in's bound on a username or password, which it keeps to itself. */
const MAX_CREDENTIAL_LENGTH = 1024;

export const roleSchema = { type: 'string', enum: [...ROLES] };
export const userShape = new Shape(
  'User',
  contract<User>()({
    id: { type: 'integer' },
    username: { type: 'string' },
    name: { type: 'string' },
    email: { type: ['string', 'null'] },
    role: roleSchema,
    two_factor: { type: 'boolean' },
    must_change_password: {
      type: 'boolean',
      description:
        'Signed in with a temporary password: every call but PUT /api/me/password (and GET /api/me, sign-out, two-factor set-up) answers 403 until it is changed',
    },
    must_set_up_2fa: {
      type: 'boolean',
      description:
        'REQUIRE_2FA asks this user for two-factor sign-in: every call but its set-up (and GET /api/me, sign-out, the password change) answers 403 until it is on',
    },
  }),
);
const loginShape = new Shape(
  'Login',
  contract<LoginResponse>()({ token: { type: 'string' }, user: userShape, message: { type: 'string' } }),
);
const mfaRequiredShape = new Shape(
  'MfaRequired',
  contract<MfaRequiredResponse>()({
    mfa_required: { type: 'boolean', enum: [true] },
    mfa_token: { type: 'string', description: 'Send it with the code to POST /api/login/totp within 5 minutes' },
    message: { type: 'string' },
  }),
);

const credentialsBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_CREDENTIAL_LENGTH,
      allOf: [{ pattern: '\\S' }, { pattern: NO_NUL }],
    },
    password: { type: 'string', minLength: 1, maxLength: MAX_CREDENTIAL_LENGTH },
  },
};

export const schemas = {
  login: {
    operationId: 'signIn',
    summary: 'Sign in (with two-factor sign-in on, the first of two steps)',
    body: credentialsBody,
    answers: {
      200: answer('A token and the user, or (two-factor sign-in on) a token for the second step', {
        oneOf: [loginShape, mfaRequiredShape],
      }),
      ...errors(...ALWAYS, ...BODY, 401, 429),
    },
  },
  loginCode: {
    operationId: 'signInWithCode',
    summary: 'Second step of a two-factor sign-in: a code from the authenticator app or a recovery code',
    body: loginCodeBody,
    answers: { 200: answer('A token and the user', loginShape), ...errors(...ALWAYS, ...BODY, 401, 429) },
  },
  logout: {
    operationId: 'signOut',
    summary: 'Sign out (revokes the token)',
    token: true,
    answers: { 200: answer('Signed out', messageShape), ...errors(...ALWAYS, ...BODY, 401) },
  },
} satisfies Record<string, RouteApi>;
