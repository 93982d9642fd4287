import type { CreatedUserResponse, TemporaryPasswordResponse, UserSummary } from '@bursary/shared';
import { ALWAYS, answer, BODY, contract, errors, messageShape, type RouteApi, Shape } from '../lib/api-doc.ts';
import { newUserBody, userChangeBody } from '../auth/account-input.ts';
import { roleSchema } from '../auth/plugin-schemas.ts';
import { endedShape } from './account-routes-schemas.ts';
import { idParamsOf } from '../lib/params.ts';

/** A user's address. */
export const userParams = idParamsOf('user');

/** The API declarations of the users API (accounts/user-routes.ts). */

const listedUserShape = new Shape(
  'ListedUser',
  contract<UserSummary>()({
    id: { type: 'integer' },
    username: { type: 'string' },
    name: { type: 'string' },
    email: { type: ['string', 'null'] },
    role: roleSchema,
    disabled: { type: 'boolean' },
    two_factor: { type: 'boolean' },
    last_login_at: { type: ['string', 'null'] },
    created_at: { type: 'string' },
  }),
);
const newUserShape = new Shape(
  'NewUser',
  contract<CreatedUserResponse>()({
    user: listedUserShape,
    temporary_password: { type: 'string' },
    message: { type: 'string' },
  }),
);
const temporaryPasswordShape = new Shape(
  'TemporaryPassword',
  contract<TemporaryPasswordResponse>()({ temporary_password: { type: 'string' }, message: { type: 'string' } }),
);

export const schemas = {
  list: {
    operationId: 'listUsers',
    summary: 'Every user (administrators only)',
    token: true,
    answers: { 200: answer('The users', { type: 'array', items: listedUserShape }), ...errors(...ALWAYS, 401) },
  },
  add: {
    operationId: 'createUser',
    summary: 'Add a user with a temporary password (administrators only)',
    token: true,
    body: newUserBody,
    answers: {
      201: answer('The user and the temporary password, shown once', newUserShape),
      ...errors(...ALWAYS, ...BODY, 401, 409),
    },
  },
  change: {
    operationId: 'updateUser',
    summary: "Change a user's name, email, role or disabled (administrators only)",
    token: true,
    params: userParams,
    body: userChangeBody,
    answers: { 200: answer('The user', listedUserShape), ...errors(...ALWAYS, ...BODY, 401, 404, 409, 503) },
  },
  resetPassword: {
    operationId: 'resetUserPassword',
    summary: "A new temporary password; ends the user's sessions (administrators only)",
    token: true,
    params: userParams,
    answers: {
      200: answer('The temporary password, shown once', temporaryPasswordShape),
      ...errors(...ALWAYS, ...BODY, 401, 404, 409),
    },
  },
  endSessions: {
    operationId: 'endUserSessions',
    summary: 'Sign the user out everywhere (administrators only)',
    token: true,
    params: userParams,
    answers: { 200: answer('Signed out', endedShape), ...errors(...ALWAYS, ...BODY, 401, 404) },
  },
  turnOffTotp: {
    operationId: 'turnOffUserTwoFactor',
    summary: "Turn off a user's lost second factor (administrators only)",
    token: true,
    params: userParams,
    answers: { 200: answer('Off', messageShape), ...errors(...ALWAYS, ...BODY, 401, 404, 409) },
  },
} satisfies Record<string, RouteApi>;
