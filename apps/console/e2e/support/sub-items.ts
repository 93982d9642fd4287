import type { Api } from './api.ts';
import { expect, expectToast, navigate, test } from './fixtures.ts';
import {
  expectRenderedRichText,
  expectStoredRichText,
  searchAndClear,
  searchBox,
  typeRichText,
  type RichText,
} from './ui.ts';

export interface SubItemSection {
  slug: string;
  nav: string;
  heading: string;
  emptyTitle: string;
  /** The link or button that sets up an empty section. */
  setupName: string;
  /** The header button once the record exists. */
  editHeader: string;
  cardEdit: string;
  searchPlaceholder?: string;
  field: string;
  itemKey: string;
  block: string;
  itemName: string;
  editLabel: string;
  saveLabel: string;
  addLabel: string;
  placeholder: string;
  blank: string;
  /** Confirm is disabled while the text is blank (missions, stakeholders). */
  confirmNeedsText: boolean;
  emptyList: string;
  toasts: { updated: string; added: string; deleted: string };
  /** The Description field: rich text typed in the editor, or plain text in a text area. */
  description: 'rich' | 'plain' | 'none';
}

type Item = { id: number } & Record<string, unknown>;

async function items(api: Api, s: SubItemSection): Promise<string[]> {
  const [record] = await api.list<Record<string, unknown>>(s.slug);
  return ((record?.[s.field] as Item[] | undefined) ?? []).map((item) => String(item[s.itemKey]));
}

/**
 * A single-record section with sub-items: set up from the
 * empty state, then add, edit all and delete points, each with its toast. Serial: one record.
 */
export function describeSubItemSection(s: SubItemSection): void {
  test.describe.configure({ mode: 'serial' });

  test(`${s.nav}: the empty state, then the section set up through its edit screen`, async ({
    page,
    api,
    uid,
    isMobile,
  }) => {
    await api.clearSingle(s.slug);
    await page.goto('/dashboard');
    await navigate(page, isMobile, s.nav);
    await expect(page.getByRole('heading', { level: 1, name: s.heading })).toBeVisible();
    await expect(page.getByRole('heading', { name: s.emptyTitle })).toBeVisible();
    await expect(searchBox(page)).toBeDisabled();
    await page.getByRole('link', { name: s.setupName }).first().click();
    await expect(page).toHaveURL(`/${s.slug}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${s.slug}` })).toBeVisible();
    const title = uid(`${s.nav} title`);
    await page.getByLabel('Title').fill(title);
    const rich: RichText = { plain: `About ${s.nav}.`, bold: 'Key facts', bullets: ['First fact', 'Second fact'] };
    if (s.description === 'rich') await typeRichText(page, 'Description', rich);
    if (s.description === 'plain') await page.getByLabel('Description').fill(`Plain description of ${s.nav}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Content updated successfully');
    await expect(page).toHaveURL(`/${s.slug}`);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: s.editHeader })).toBeVisible();
    await expect(page.getByText(s.emptyList, { exact: true })).toBeVisible();
    if (s.searchPlaceholder) await expect(searchBox(page)).toHaveAttribute('placeholder', s.searchPlaceholder);
    const [record] = await api.list<Record<string, unknown>>(s.slug);
    expect(record?.title).toBe(title);
    if (s.description === 'rich') {
      expectStoredRichText(record?.description, rich);
      await expectRenderedRichText(page.getByRole('main'), rich);
    }
    if (s.description === 'plain')
      await expect(page.getByText(`Plain description of ${s.nav}`, { exact: true })).toBeVisible();
  });

  test(`${s.nav}: add, edit all and delete points`, async ({ page, api, uid }) => {
    const first = uid(`${s.itemName} one`);
    const second = uid(`${s.itemName} two`);
    await page.goto(`/${s.slug}`);
    const block = page.getByRole('region', { name: s.block });
    await expect(block).toBeVisible();

    // add, with the blank-text rule first
    await block.getByRole('button', { name: s.editLabel }).click();
    await expect(block.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
    await block.getByRole('button', { name: s.addLabel }).click();
    const input = block.getByPlaceholder(s.placeholder);
    await expect(input).toBeFocused();
    if (s.confirmNeedsText) {
      await expect(block.getByRole('button', { name: 'Confirm' })).toBeDisabled();
      await input.fill('   ');
      await expect(block.getByRole('button', { name: 'Confirm' })).toBeDisabled();
      await input.press('Enter');
    } else {
      await block.getByRole('button', { name: 'Confirm' }).click();
    }
    await expect(block.getByText(s.blank, { exact: true })).toBeVisible();
    await input.fill(first);
    await block.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, s.toasts.added);
    await expect(block.getByRole('listitem').filter({ hasText: first })).toBeVisible();
    // the data reloaded: the editor is back in view mode
    await expect(block.getByRole('button', { name: s.editLabel })).toBeVisible();

    await block.getByRole('button', { name: s.editLabel }).click();
    await block.getByRole('button', { name: s.addLabel }).click();
    await block.getByPlaceholder(s.placeholder).fill(second);
    await block.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, s.toasts.added);
    await expect(block.getByRole('listitem')).toHaveText([new RegExp(`1\\s*${first}`), new RegExp(`2\\s*${second}`)]);
    expect(await items(api, s)).toEqual([first, second]);

    // edit all, then save them in one go
    await block.getByRole('button', { name: s.editLabel }).click();
    await expect(block.getByRole('textbox', { name: `${s.itemName} 1` })).toHaveValue(first);
    await block.getByRole('textbox', { name: `${s.itemName} 1` }).fill(`${first} (edited)`);
    await block.getByRole('textbox', { name: `${s.itemName} 2` }).fill(`${second} (edited)`);
    await block.getByRole('button', { name: s.saveLabel }).click();
    await expectToast(page, s.toasts.updated);
    await expect(block.getByRole('listitem')).toHaveText([
      new RegExp(`${first} \\(edited\\)`),
      new RegExp(`${second} \\(edited\\)`),
    ]);
    expect(await items(api, s)).toEqual([`${first} (edited)`, `${second} (edited)`]);

    // search finds the points too
    await searchAndClear(page, `${second} (edited)`, block);

    // delete the first
    await block.getByRole('button', { name: s.editLabel }).click();
    await block.getByRole('button', { name: `Delete ${s.itemName.toLowerCase()} 1` }).click();
    await expectToast(page, s.toasts.deleted);
    await expect(block.getByText(`${first} (edited)`)).toHaveCount(0);
    expect(await items(api, s)).toEqual([`${second} (edited)`]);
  });

  test(`${s.nav}: the header and card buttons open the record's edit screen`, async ({ page, api }) => {
    const [record] = await api.list<{ id: number; title: string }>(s.slug);
    expect(record).toBeDefined();
    await page.goto(`/${s.slug}`);
    await page.getByRole('link', { name: s.editHeader }).click();
    await expect(page).toHaveURL(`/${s.slug}/edit/${record?.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${s.slug}` })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(record?.title ?? '');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`/${s.slug}`);
    await page.getByRole('link', { name: `${s.cardEdit} ${record?.title}` }).click();
    await expect(page).toHaveURL(`/${s.slug}/edit/${record?.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${s.slug}` })).toBeVisible();
    const renamed = `${record?.title} (renamed)`;
    await page.getByLabel('Title').fill(renamed);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Content updated successfully');
    await expect(page.getByRole('heading', { level: 2, name: renamed })).toBeVisible();
  });
}
