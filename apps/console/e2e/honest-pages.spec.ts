import type { Locator, Page } from '@playwright/test';
import { expect, navigate, test } from './support/fixtures.ts';

/** Pages that say what they do, a rich-text editor readable in both themes, and headers the browser accepts. */

test('Settings says under its heading that nothing is used or kept', async ({ page, isMobile }) => {
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Settings');
  const heading = page.getByRole('heading', { level: 1, name: 'Settings' });
  await expect(heading).toBeVisible();
  await expect(heading.locator('xpath=following-sibling::p[1]')).toHaveText(
    'These settings are not used yet: saving keeps nothing.',
  );
});

/**
 * The lowest contrast of the toolbar's controls against the background behind them: for each button and picker,
 * its icon's stroke (or its text, for the pickers that show a word). Colours are read through a canvas, which
 * turns any CSS colour (the console's are oklch) into sRGB.
 */
function lowestToolbarContrast(page: Page): Promise<{ lowest: number; control: string }> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!canvas) throw new Error('no canvas');
    const rgba = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data];
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [lr = 0, lg = 0, lb = 0] = [r, g, b].map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    const background = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const color = getComputedStyle(at).backgroundColor;
        if (rgba(color)[3] === 255) return color;
      }
      return 'white';
    };
    const toolbar = document.querySelector('.ql-toolbar');
    if (!toolbar) throw new Error('no toolbar');
    let lowest = Infinity;
    let control = '';
    for (const element of toolbar.querySelectorAll('button, .ql-picker-label')) {
      const stroke = element.querySelector('.ql-stroke');
      const color = stroke ? getComputedStyle(stroke).stroke : getComputedStyle(element).color;
      const [a, b] = [luminance(rgba(color)), luminance(rgba(background(element)))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < lowest) {
        lowest = ratio;
        control = element.getAttribute('aria-label') ?? element.className;
      }
    }
    return { lowest: Math.round(lowest * 100) / 100, control };
  });
}

test('the rich-text editor: toolbar icons readable in both themes, text at the form’s size, a named link input', async ({
  page,
}) => {
  await page.goto('/faqs/create');
  const editor = page.getByRole('textbox', { name: 'Answer (Description)' });
  await expect(editor).toBeVisible();

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    else await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
    const { lowest, control } = await lowestToolbarContrast(page);
    expect(lowest, `${colorScheme}: ${control}`).toBeGreaterThanOrEqual(4.5);
  }

  // the editor's text is the interface's: the same font and size as the question's input above it
  const font = (element: Locator) =>
    element.evaluate((at) => `${getComputedStyle(at).fontSize} ${getComputedStyle(at).fontFamily}`);
  expect(await font(editor)).toBe(await font(page.getByLabel('Question (Title)')));

  await editor.fill('Apply online');
  await editor.press('ControlOrMeta+a');
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  const linkInput = page.getByRole('textbox', { name: 'Link address' });
  await expect(linkInput).toBeVisible();
  await expect(linkInput).toBeFocused();
});

test('the console page is served with a Permissions-Policy the browser reads without a warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/permissions.policy|unrecognized feature/i.test(message.text())) warnings.push(message.text());
  });
  const response = await page.goto('/dashboard');
  expect(response?.headers()['permissions-policy']).toContain('camera=()');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(warnings).toEqual([]);
});
