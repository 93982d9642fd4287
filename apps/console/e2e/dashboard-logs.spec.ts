import { expect, test } from './support/fixtures.ts';

/**
 * SPEC.md 2.4 and DESIGN.md 1: every create, update and delete appends a log row, and the
 * dashboard shows the newest first. Runs alone at the end, so nothing else writes in between.
 */
test('the dashboard shows the log rows of the last actions, newest first', async ({ page, api, uid }) => {
  const question = uid('Audit FAQ');
  const faq = await api.create('faqs', { title: question, description: '<p>Answer</p>' });
  const renamed = `${question} (edited)`;
  await api.update('faqs', faq.id, { title: renamed });
  const milestone = await api.create('milestones', { title: uid('Audit milestone'), date: '2024-03-01', description: 'First loans paid' });
  await api.remove('milestones', milestone.id);
  await api.remove('faqs', faq.id);

  await page.goto('/dashboard');
  const rows = page.getByRole('region', { name: 'Logs' }).getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(6);
  const expected: [string, string][] = [
    [`FAQ "${renamed}" deleted`, 'delete'],
    [`Milestone "${String(milestone.title)}" deleted`, 'delete'],
    [`Milestone "${String(milestone.title)}" created`, 'create'],
    [`FAQ "${renamed}" updated`, 'update'],
    [`FAQ "${question}" created`, 'create'],
  ];
  for (const [index, [content, action]] of expected.entries()) {
    const row = rows.nth(index + 1);
    await expect(row.getByRole('cell').first()).toHaveText(content);
    await expect(row.getByRole('cell').last()).toHaveText(action);
  }
});
