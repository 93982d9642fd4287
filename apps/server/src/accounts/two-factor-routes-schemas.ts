import type { TotpConfirmResponse, TotpSetupResponse } from '@bursary/shared';
import { ALWAYS, answer, BODY, contract, errors, messageShape, type RouteApi, Shape } from '../lib/api-doc.ts';
import { codeBody, totpOffBody } from '../auth/account-input.ts';

/** The API declarations of one's own second factor (accounts/two-factor-routes.ts). */

const totpSetupShape = new Shape(
  'TotpSetup',
  contract<TotpSetupResponse>()({
    secret: { type: 'string', description: 'Base32, for typing into an app' },
    uri: { type: 'string', pattern: '^otpauth://totp/' },
    message: { type: 'string' },
  }),
);
const recoveryCodesShape = new Shape(
  'RecoveryCodes',
  contract<TotpConfirmResponse>()({
    recovery_codes: { type: 'array', items: { type: 'string' }, minItems: 10, maxItems: 10 },
    message: { type: 'string' },
  }),
);

export const schemas = {
  begin: {
    operationId: 'beginMyTwoFactor',
    summary: 'Start setting up two-factor sign-in: a new secret and its otpauth:// URI',
    token: true,
    answers: { 200: answer('The secret', totpSetupShape), ...errors(...ALWAYS, ...BODY, 401, 409) },
  },
  confirm: {
    operationId: 'confirmMyTwoFactor',
    summary: 'Confirm two-factor sign-in with a code; answers the recovery codes once',
    token: true,
    body: codeBody,
    answers: { 200: answer('On', recoveryCodesShape), ...errors(...ALWAYS, ...BODY, 401, 409, 429) },
  },
  turnOff: {
    operationId: 'turnOffMyTwoFactor',
    summary: 'Turn two-factor sign-in off (the password and a code or recovery code)',
    token: true,
    body: totpOffBody,
    answers: { 200: answer('Off', messageShape), ...errors(...ALWAYS, ...BODY, 401, 409, 429) },
  },
} satisfies Record<string, RouteApi>;
