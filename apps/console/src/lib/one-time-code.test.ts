import { describe, expect, it } from 'vitest';
import { checkCode } from './one-time-code';

describe('two-factor codes', () => {
  it('takes six digits for the authenticator, spaces removed', () => {
    expect(checkCode(' 123 456 ', 'authenticator')).toEqual({ code: '123456' });
    expect(checkCode('12345', 'authenticator')).toEqual({
      error: 'Enter the 6-digit code from your authenticator app',
    });
    expect(checkCode('abcdef', 'authenticator')).toEqual({
      error: 'Enter the 6-digit code from your authenticator app',
    });
  });

  it('takes any recovery code that is not blank', () => {
    expect(checkCode(' abcd-EF01-2345-6789 ', 'recovery')).toEqual({ code: 'abcd-EF01-2345-6789' });
    expect(checkCode('  ', 'recovery')).toEqual({ error: 'Enter one of your recovery codes' });
  });

  it('reads digits as an authenticator code and anything else as a recovery code when either is allowed', () => {
    expect(checkCode('123 456', 'either')).toEqual({ code: '123456' });
    expect(checkCode('1234', 'either')).toEqual({ error: 'Enter the 6-digit code from your authenticator app' });
    expect(checkCode('abcd-ef01-2345-6789', 'either')).toEqual({ code: 'abcd-ef01-2345-6789' });
    expect(checkCode('', 'either')).toEqual({ error: 'Enter a code from your authenticator app or a recovery code' });
  });
});
