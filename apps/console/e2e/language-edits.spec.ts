import type { Page } from '@playwright/test';
import { expect, expectToast, test } from './support/fixtures.ts';
import type { Api } from './support/api.ts';
import { addLanguage, removeLanguage, withFaqInLanguage } from './support/languages.ts';

/**
 * The 'Language' switcher never drops typing without a question (issue 50.2): switching with unsaved edits asks, as
 * leaving a screen does, both ways, on an edit form and on a sub-item list; staying keeps what was typed.
 */
const QUESTION = 'You have unsaved changes. Are you sure you want to leave?';

/** A language code of each project's own, so a language left by a failed run of one project cannot meet another. */
const codeFor = (isMobile: boolean) => (isMobile ? 'it' : 'de');
const nameFor = (isMobile: boolean) => (isMobile ? 'Italiano' : 'Deutsch');

/**
 * The Steps record with `count` steps at least: the ids of those added, which the test removes again, since the
 * languages tests after it were written against the steps the server starts with.
 */
async function atLeastSteps(api: Api, count: number): Promise<number[]> {
  await api.putSingle('steps', { title: 'How to apply' });
  const [record] = await api.list<{ steps?: unknown[] }>('steps');
  const added: number[] = [];
  for (let n = record?.steps?.length ?? 0; n < count; n += 1) {
    const answer = await api.ctx.post('/api/steps/sub', { data: { step: `Step ${n + 1}` } });
    expect(answer.ok()).toBe(true);
    added.push(((await answer.json()) as { id: number }).id);
  }
  return added;
}

async function removeSteps(api: Api, ids: number[]): Promise<void> {
  for (const id of ids) await api.ctx.delete(`/api/steps/sub/${id}`);
}

/** The questions asked, each answered `accept`. */
function answerQuestions(page: Page, accept: () => boolean): string[] {
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void (accept() ? dialog.accept() : dialog.dismiss());
  });
  return asked;
}

test('switching the language of an edited form asks first, both ways; staying keeps the typing', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const title = uid('Switch');
  const language = { code: codeFor(isMobile), name: nameFor(isMobile) };
  await withFaqInLanguage(
    api,
    language,
    { title, description: '<p>Live.</p>' },
    { title: `${title} (fr)` },
    async (faq) => {
      await page.goto(`/faqs/edit/${faq.id}`);
      const switcher = page.getByRole('combobox', { name: 'Language' });
      const question = page.getByRole('textbox', { name: 'Question (Title)' });
      await question.fill(`${title}, typed`);
      let accept = false;
      const asked = answerQuestions(page, () => accept);

      await switcher.selectOption({ label: language.name });
      await expect.poll(() => asked).toEqual([QUESTION]);
      await expect(switcher).toHaveValue('en');
      await expect(question).toHaveValue(`${title}, typed`);

      accept = true;
      await switcher.selectOption({ label: language.name });
      await expect(question).toHaveValue(`${title} (fr)`);
      expect(asked).toHaveLength(2);

      // and back: the other language's typing is asked about too
      await question.fill(`${title} (fr), typed`);
      accept = false;
      await switcher.selectOption({ label: 'English (default)' });
      await expect.poll(() => asked).toHaveLength(3);
      await expect(switcher).toHaveValue(language.code);
      await expect(question).toHaveValue(`${title} (fr), typed`);

      // nothing typed: no question
      accept = true;
      await switcher.selectOption({ label: 'English (default)' });
      await expect(question).toHaveValue(title);
      await switcher.selectOption({ label: language.name });
      await expect(question).toHaveValue(`${title} (fr)`);
      expect(asked).toHaveLength(4);
    },
  );
});

test('switching the language of the Steps list with typed steps asks first, both ways', async ({
  page,
  api,
  isMobile,
}) => {
  const code = codeFor(isMobile);
  const added = await atLeastSteps(api, 1);
  await addLanguage(api, code, nameFor(isMobile));
  try {
    await page.goto('/steps');
    const block = page.getByRole('region', { name: 'Process Steps' });
    const switcher = block.getByRole('combobox', { name: 'Language' });
    const first = block.getByRole('textbox', { name: 'Step 1', exact: true });
    let accept = false;
    const asked = answerQuestions(page, () => accept);

    await block.getByRole('button', { name: 'Edit Steps' }).click();
    await first.fill('Typed in English');
    await switcher.selectOption({ label: nameFor(isMobile) });
    await expect.poll(() => asked).toEqual([QUESTION]);
    await expect(switcher).toHaveValue('en');
    await expect(first).toHaveValue('Typed in English');

    accept = true;
    await switcher.selectOption({ label: nameFor(isMobile) });
    await expect(block.getByRole('note', { name: 'Step 1 in English (default)' })).toBeVisible();
    await first.fill(`Typed in ${code}`);
    accept = false;
    await switcher.selectOption({ label: 'English (default)' });
    await expect.poll(() => asked).toHaveLength(3);
    await expect(switcher).toHaveValue(code);
    await expect(first).toHaveValue(`Typed in ${code}`);
  } finally {
    await removeLanguage(api, code);
    await removeSteps(api, added);
  }
});

/**
 * The Steps record read in a language, as a signed-in reader reads it (the language is not on the website yet): each
 * step's text and the fields it fell back on.
 */
async function stepsIn(api: Api, code: string) {
  const answer = await api.ctx.get(`/api/steps?status=all&locale=${code}`);
  expect(answer.ok()).toBe(true);
  const [record] = (await answer.json()) as { steps: { step: string; fallback_fields: string[] }[] }[];
  return (record?.steps ?? []).map(({ step, fallback_fields }) => ({ step, fallback_fields }));
}

test('steps saved in another language with some left empty show as saved, the empty ones in the default language, and the toast names it', async ({
  page,
  api,
  isMobile,
}) => {
  const code = codeFor(isMobile);
  const name = nameFor(isMobile);
  const added = await atLeastSteps(api, 2);
  const [record] = await api.list<{ steps: { step: string }[] }>('steps');
  const count = record?.steps.length ?? 0;
  await addLanguage(api, code, name);
  try {
    await page.goto('/steps');
    const block = page.getByRole('region', { name: 'Process Steps' });
    const switcher = block.getByRole('combobox', { name: 'Language' });
    const step = (n: number) => block.getByRole('textbox', { name: `Step ${n}`, exact: true });
    await switcher.selectOption({ label: name });
    // a translation may be partial: the steps left empty keep showing their default text on the website
    await step(1).fill(`First (${code})`);
    await block.getByRole('button', { name: 'Save Steps' }).click();
    await expectToast(page, 'Steps updated successfully.', `${name} saved`);
    await expect(block.getByText('Please enter a step.')).toHaveCount(0);
    await expect(step(1)).toHaveValue(`First (${code})`);
    await expect(step(2)).toHaveValue('');
    expect(await stepsIn(api, code)).toEqual([
      { step: `First (${code})`, fallback_fields: [] },
      ...(record?.steps ?? []).slice(1).map(({ step: text }) => ({ step: text, fallback_fields: ['step'] })),
    ]);

    for (let n = 2; n <= count; n += 1) await step(n).fill(`Step ${n} (${code})`);
    await block.getByRole('button', { name: 'Save Steps' }).click();
    await expectToast(page, 'Steps updated successfully.', `${name} saved`);
    await expect(switcher).toHaveValue(code);
    await expect(step(1)).toHaveValue(`First (${code})`);
    await expect(step(count)).toHaveValue(`Step ${count} (${code})`);

    await switcher.selectOption({ label: 'English (default)' });
    await expect(block.getByRole('button', { name: 'Edit Steps' })).toBeVisible();
    await switcher.selectOption({ label: name });
    await expect(step(1)).toHaveValue(`First (${code})`);
    await expect(step(count)).toHaveValue(`Step ${count} (${code})`);
  } finally {
    await removeLanguage(api, code);
    await removeSteps(api, added);
  }
});
