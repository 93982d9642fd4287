import type { SessionInfo } from '@bursary/shared';
import { ALWAYS, answer, BODY, contract, errors, messageShape, type RouteApi, Shape } from '../lib/api-doc.ts';
import { profileBody } from '../auth/account-input.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/password.ts';
import { USER_AGENT_MAX_LENGTH } from '../auth/sessions.ts';
import { userShape } from '../auth/plugin-schemas.ts';

/** The API declarations of one's own account routes (accounts/account-routes.ts). */

/** The sign-in's bound on a password it checks, which it keeps to itself. */
const MAX_CREDENTIAL_LENGTH = 1024;

const object = (properties: Record<string, unknown>) => ({
  type: 'object',
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
});
export const endedShape = new Shape(
  'Ended',
  object({ message: { type: 'string' }, ended: { type: 'integer', minimum: 0 } }),
);
const sessionShape = new Shape(
  'Session',
  contract<SessionInfo>()({
    id: { type: 'integer' },
    created_at: { type: 'string' },
    last_seen_at: { type: 'string' },
    expires_at: { type: 'string' },
    user_agent: {
      type: ['string', 'null'],
      maxLength: USER_AGENT_MAX_LENGTH,
      description: 'The User-Agent of the sign-in that opened it; null when unknown',
    },
    current: { type: 'boolean' },
  }),
);
const passwordChangeBody = {
  type: 'object',
  required: ['current_password', 'new_password'],
  properties: {
    current_password: { type: 'string', minLength: 1, maxLength: MAX_CREDENTIAL_LENGTH },
    new_password: {
      type: 'string',
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      description: 'Not a common password, and not the current one',
    },
  },
};

export const schemas = {
  me: {
    operationId: 'getMe',
    summary: 'The signed-in user, with the role and what the account must still do',
    token: true,
    answers: { 200: answer('The user', userShape), ...errors(...ALWAYS, 401) },
  },
  profile: {
    operationId: 'updateMe',
    summary: "Change one's own name or email",
    token: true,
    body: profileBody,
    answers: { 200: answer('The user', userShape), ...errors(...ALWAYS, ...BODY, 401) },
  },
  sessions: {
    operationId: 'listMySessions',
    summary: "One's own sessions, newest first",
    token: true,
    answers: { 200: answer('The sessions', { type: 'array', items: sessionShape }), ...errors(...ALWAYS, 401) },
  },
  endOtherSessions: {
    operationId: 'endMyOtherSessions',
    summary: 'Sign out of every other session',
    token: true,
    answers: { 200: answer('Signed out', endedShape), ...errors(...ALWAYS, ...BODY, 401) },
  },
  password: {
    operationId: 'changeMyPassword',
    summary: "Change the password (ends the user's other sessions)",
    token: true,
    body: passwordChangeBody,
    answers: { 200: answer('Changed', messageShape), ...errors(...ALWAYS, ...BODY, 401, 429) },
  },
} satisfies Record<string, RouteApi>;
