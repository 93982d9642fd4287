import { describe, expect, it } from 'vitest';
import { TOKEN_KEY, USER_KEY, clearSession, getSession, restoreSession, setSession } from './session';

describe('session restore', () => {
  it('restores a stored user and token', () => {
    localStorage.setItem(USER_KEY, JSON.stringify({ id: 4, username: 'grace', name: 'Grace' }));
    localStorage.setItem(TOKEN_KEY, 'abc');
    expect(restoreSession()).toEqual({ user: { id: 4, username: 'grace', name: 'Grace' }, token: 'abc' });
    expect(getSession()?.token).toBe('abc');
  });

  it('has no session when nothing is stored', () => {
    expect(restoreSession()).toBeNull();
    expect(getSession()).toBeNull();
  });

  it.each([
    ['unparsable user', '{not json', 'abc'],
    ['user without a name', JSON.stringify({ id: 1 }), 'abc'],
    ['user that is not an object', JSON.stringify('grace'), 'abc'],
    ['token without a user', null, 'abc'],
    ['user without a token', JSON.stringify({ name: 'Grace' }), null],
  ])('removes both items on corrupt data: %s', (_case, user, token) => {
    if (user !== null) localStorage.setItem(USER_KEY, user);
    if (token !== null) localStorage.setItem(TOKEN_KEY, token);
    expect(restoreSession()).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('stores and clears both items', () => {
    setSession({ user: { id: 1, username: 'ada', name: 'Ada' }, token: 't' });
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toMatchObject({ name: 'Ada' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t');
    clearSession();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getSession()).toBeNull();
  });
});
