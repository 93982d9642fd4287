import { beforeAll, describe, expect, it } from 'vitest';
import { USER_AGENT_MAX_LENGTH, storedUserAgent } from '../../src/auth/sessions.ts';
import { buildTestApp, dialects, TEST_PASSWORD, TEST_USERNAME, type TestApp } from '../helper.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

interface Listed {
  id: number;
  user_agent: string | null;
  current: boolean;
}

describe.each(dialects)('signed-in devices on %s (migration 007)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
  });

  const signIn = async (userAgent?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: TEST_USERNAME, password: TEST_PASSWORD },
      // light-my-request sends a User-Agent of its own unless told otherwise
      headers: { 'user-agent': userAgent ?? '' },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { token: string }).token;
  };
  const sessionsOf = async (token: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/sessions',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Listed[];
  };

  it('names each session by the browser that signed in', async () => {
    const firefox = await signIn(FIREFOX);
    const unnamed = await signIn();
    const listed = await sessionsOf(unnamed);
    const current = listed.find((s) => s.current);
    expect(current?.user_agent).toBeNull();
    expect(listed.filter((s) => s.user_agent === FIREFOX)).toHaveLength(1);
    expect((await sessionsOf(firefox)).find((s) => s.current)?.user_agent).toBe(FIREFOX);
  });

  it('keeps a bounded User-Agent', async () => {
    const long = `Browser/1.0 ${'é'.repeat(USER_AGENT_MAX_LENGTH * 2)}`;
    const token = await signIn(long);
    const stored = (await sessionsOf(token)).find((s) => s.current)?.user_agent ?? '';
    expect(Array.from(stored)).toHaveLength(USER_AGENT_MAX_LENGTH);
    expect(long.startsWith(stored)).toBe(true);
  });
});

describe('the stored User-Agent', () => {
  it('drops NUL characters (PostgreSQL text refuses them) and keeps nothing for a blank header', () => {
    expect(storedUserAgent('Agent\u0000/1.0 ')).toBe('Agent/1.0');
    expect(storedUserAgent('   ')).toBeNull();
    expect(storedUserAgent(undefined)).toBeNull();
  });

  it('cuts by characters, so no half of a surrogate pair is kept', () => {
    const stored = storedUserAgent('😀'.repeat(USER_AGENT_MAX_LENGTH + 1)) ?? '';
    expect(Array.from(stored)).toHaveLength(USER_AGENT_MAX_LENGTH);
    // a lone surrogate would not survive a UTF-8 round trip
    expect(Buffer.from(stored, 'utf8').toString('utf8')).toBe(stored);
  });
});
