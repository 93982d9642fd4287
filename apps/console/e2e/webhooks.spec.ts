import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolationsInBothThemes } from './support/axe.ts';
import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import { createUser, signInFirstTime, usernameOf, useSession } from './support/users.ts';

/**
 * The Webhooks screen in the browser: an administrator adds a webhook pointing at a receiver the
 * test runs, sees its secret once, sends a test and finds the delivery; an editor has no entry.
 */

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on this machine that answers every POST with a short text and keeps what it got. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('received <ok>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hook`, received };
}

/** A webhook's row (desktop) or card (375 px). */
const entryOf = (page: Page, isMobile: boolean, url: string) =>
  (isMobile ? page.getByRole('listitem') : page.getByRole('row')).filter({
    has: page.getByText(url, { exact: true }),
  });

async function choose(page: Page, url: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${url}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

test('an administrator adds a webhook, sees its secret once, sends a test and sees the delivery', async ({
  page,
  context,
  isMobile,
  api,
}, testInfo) => {
  // four screens, each checked by axe in both themes
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const receiver = await startReceiver();
  const url = `${receiver.url}/${testInfo.project.name}`;
  try {
    await page.goto('/dashboard');
    await navigate(page, isMobile, 'Webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const panel = page.getByRole('dialog', { name: 'Add webhook' });
    await panel.getByLabel('URL').fill(url);
    await panel.getByRole('checkbox', { name: 'A record was published record.published' }).check();
    await panel.getByLabel('Description').fill('End-to-end receiver');
    await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the add webhook panel');
    await panel.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByRole('alertdialog', { name: 'Signing secret' });
    await expect(shown).toBeVisible();
    await expect(shown).toContainText('It will not be shown again.');
    const secret = await shown.getByLabel('Secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByRole('status')).toHaveText('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const entry = entryOf(page, isMobile, url);
    await expect(entry).toContainText('Enabled');
    await expect(entry).toContainText('None yet');
    // the secret is not in any later answer
    const listed = await api.ctx.get('/api/webhooks');
    expect(await listed.text()).not.toContain(secret);

    await choose(page, url, 'Send test');
    await expectToast(page, 'Test sent', 'The receiver answered 200.');
    // the webhook also hears of records other tests publish meanwhile: the test is the one ping
    const pings = receiver.received.filter(
      (delivery) => (JSON.parse(delivery.body) as { type: string }).type === 'ping',
    );
    expect(pings).toHaveLength(1);
    expect(pings[0]?.headers['webhook-signature']).toMatch(/^v1,/);
    await expect(entry).toContainText('Sent');
    await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the webhooks list');

    await choose(page, url, 'Deliveries');
    const deliveries = page.getByRole('dialog', { name: 'Deliveries' });
    await expect(deliveries.getByText('ping', { exact: true })).toBeVisible();
    // the event in words, and the panel's text wraps between words, never inside one
    await expect(deliveries.getByText('A test sent from the console', { exact: true })).toBeVisible();
    await expect(deliveries.getByLabel('Answer to attempt 1')).toHaveText('received <ok>');
    for (const text of [deliveries.getByLabel('Answer to attempt 1'), deliveries.getByText(/^The newest/)])
      await expect(text).not.toHaveCSS('word-break', 'break-all');
    await expect(deliveries.getByText('Sent', { exact: true })).toBeVisible();
    await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the deliveries');
    await page.keyboard.press('Escape');
    await expect(deliveries).toBeHidden();

    await choose(page, url, 'Delete…');
    const question = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Webhook deleted');
    await expect(entry).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});

test('an editor has no Webhooks entry, and the page says who manages them', async ({ page, api, uid, isMobile }) => {
  const username = usernameOf(uid('hooks-editor'));
  const created = await createUser(api, username, 'editor');
  const editor = await signInFirstTime(username, created.password);
  await useSession(page, editor);
  await page.goto('/dashboard');
  if (isMobile) await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = isMobile ? page.getByRole('dialog') : page.getByRole('complementary');
  await expect(nav.getByRole('link', { name: 'Trash', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Webhooks', exact: true })).toHaveCount(0);
  await page.goto('/webhooks');
  await expect(page.getByText('Webhooks are managed by administrators.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add webhook' })).toHaveCount(0);
});
