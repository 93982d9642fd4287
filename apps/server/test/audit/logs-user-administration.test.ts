import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';

interface Row {
  id: number;
  section: string;
  content: string;
}

/** User-administration log rows tell whom to target; only administrators read them. */
describe.each(dialects)('user-administration log rows on %s', (dialect) => {
  let t: TestApp;
  let usersRow: Row;
  let contentRows: number;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    expect(
      (await t.injectAs({ method: 'POST', url: '/api/users', payload: { username: 'target', role: 'admin' } }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await t.injectAs({
          method: 'POST',
          url: '/api/faqs',
          payload: { title: 'Who may apply?', description: '<p>Anyone.</p>' },
        })
      ).statusCode,
    ).toBe(201);
    const all = (await t.db.selectFrom('logs').select(['id', 'section', 'content']).execute()).map((r) => ({
      ...r,
      id: Number(r.id),
    }));
    usersRow = all.find((r) => r.section === 'users') as Row;
    contentRows = all.filter((r) => r.section !== 'users').length;
    expect(usersRow.content).toBe('User "target" created (admin)');
  });

  const read = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it.each(['viewer', 'editor'] as const)(
    'hides them from a %s: the list, the row, the total and the summary',
    async (role) => {
      const token = await signInAs(t, role);
      const list = await read(token, '/api/logs');
      expect(list.statusCode).toBe(200);
      const rows = list.json() as Row[];
      expect(rows.some((r) => r.section === 'users')).toBe(false);
      expect(rows).toHaveLength(contentRows);
      expect(list.headers['x-total-count']).toBe(String(contentRows));
      const row = await read(token, `/api/logs/${usersRow.id}`);
      expect(row.statusCode).toBe(404);
      expect(row.json()).toEqual({ message: `No log row with id ${usersRow.id}.`, error: 'Not Found' });
      expect((await read(token, '/api/logs/summary')).json()).toMatchObject({ total: contentRows });
    },
  );

  it('shows them to an administrator', async () => {
    const list = await t.injectAs({ method: 'GET', url: '/api/logs?limit=100' });
    const rows = list.json() as Row[];
    expect(rows.map((r) => r.content)).toContain('User "target" created (admin)');
    const total = Number(list.headers['x-total-count']);
    expect(total).toBe(rows.length);
    expect(total).toBeGreaterThan(contentRows);
    expect((await t.injectAs({ method: 'GET', url: `/api/logs/${usersRow.id}` })).statusCode).toBe(200);
    expect((await t.injectAs({ method: 'GET', url: '/api/logs/summary' })).json()).toMatchObject({ total });
  });
});
