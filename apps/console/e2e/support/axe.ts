import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { networkQuiet } from './network-quiet.ts';

/** WCAG 2.1 A and AA rules. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits until no finite animation runs (cards fade in with a stagger), so colours are final. */
async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      const iterations = a.effect?.getTiming().iterations;
      return iterations === Infinity || a.playState !== 'running';
    }),
  );
}

/** Runs axe-core and fails on any violation of impact serious or critical. */
export async function expectNoSeriousViolations(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length)
    await testInfo.attach(`axe ${label}`, { body: JSON.stringify(serious, null, 2), contentType: 'application/json' });
  const summary = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `  ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
        .join('\n')}`,
  );
  expect(summary, `axe on ${page.url()} (${label})`).toEqual([]);
}

/** axe on what is on screen now, in the light theme and then the dark one, then back to light. */
export async function expectNoSeriousViolationsInBothThemes(
  page: Page,
  testInfo: TestInfo,
  label: string,
): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // the console follows the scheme through a class on <html>: its colours change from there
    if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    else await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await expectNoSeriousViolations(page, testInfo, `${label}, ${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
}
