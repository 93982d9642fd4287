import { describe, expect, it } from 'vitest';
import { checkSignIn } from './sign-in-validation';

describe('sign-in checks', () => {
  it('reports both fields at once, with the spec texts', () => {
    expect(checkSignIn({ username: '   ', password: '12345' })).toEqual({
      ok: false,
      errors: { username: 'Username is required', password: 'Password must be at least 6 characters' },
    });
  });

  it('reports only the failing field', () => {
    expect(checkSignIn({ username: 'grace', password: '' })).toEqual({
      ok: false,
      errors: { password: 'Password must be at least 6 characters' },
    });
    expect(checkSignIn({ username: '', password: 'secret1' })).toEqual({
      ok: false,
      errors: { username: 'Username is required' },
    });
  });

  it('accepts six characters, trims the username and keeps the password as typed', () => {
    expect(checkSignIn({ username: '  grace ', password: ' 1234 ' })).toEqual({
      ok: true,
      credentials: { username: 'grace', password: ' 1234 ' },
    });
  });
});
