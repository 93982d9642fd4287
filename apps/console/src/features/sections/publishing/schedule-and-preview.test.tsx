import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { serveRecord } from '@/testing/section-api';

const user = userEvent.setup({ delay: null });
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const faq: SectionRecord = {
  id: 3,
  title: 'How do I apply?',
  description: 'Online.',
  status: 'published',
  has_changes: true,
  publish_at: null,
  unpublish_at: null,
};

async function openBanner() {
  signInAs();
  serveRecord('/api/faqs/3', faq);
  serveRecord('/api/faqs/3/changes', { ...faq, title: 'How can I apply?' }, '"c1"');
  renderApp('/faqs/edit/3');
  return screen.findByRole('region', { name: 'Publishing' });
}

function captureSchedule() {
  const sent: unknown[] = [];
  server.use(
    http.put('/api/faqs/3/schedule', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ pending: [], last_failed: null });
    }),
  );
  return sent;
}

// the first opening loads the dialog's chunk, which on a busy machine takes seconds
describe("'Schedule'", { timeout: 15_000 }, () => {
  it('picks the times in the browser’s zone, named, and sends them as ISO 8601 with the offset', async () => {
    const sent = captureSchedule();
    const banner = await openBanner();
    await user.click(within(banner).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule' });
    expect(within(dialog).getByText(zone)).toBeInTheDocument();
    const publishAt = within(dialog).getByLabelText(`Publish at (${zone})`);
    expect(publishAt).toHaveAttribute('type', 'datetime-local');
    fireEvent.change(publishAt, { target: { value: '2030-01-05T09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await expectToast('Schedule saved');
    expect(sent).toHaveLength(1);
    const { publish_at: iso } = sent[0] as { publish_at: string };
    expect(iso).toMatch(/^2030-01-05T09:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(new Date(2030, 0, 5, 9, 0).getTime());
  });

  it('refuses a time in the past, and an empty schedule, with a sentence and no request', async () => {
    const sent = captureSchedule();
    const banner = await openBanner();
    await user.click(within(banner).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule' });
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose when to publish, when to unpublish, or both.');
    fireEvent.change(within(dialog).getByLabelText(`Unpublish at (${zone})`), {
      target: { value: '2020-01-05T09:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a time in the future.');
    expect(sent).toEqual([]);
  });

  it("tells the server's refusal in the dialog", async () => {
    server.use(
      http.put('/api/faqs/3/schedule', () =>
        HttpResponse.json({ error: 'Bad Request', message: 'publish_at must be in the future.' }, { status: 400 }),
      ),
    );
    const banner = await openBanner();
    await user.click(within(banner).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule' });
    fireEvent.change(within(dialog).getByLabelText(`Publish at (${zone})`), { target: { value: '2030-01-05T09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('publish_at must be in the future.');
  });
});

describe("'Preview'", { timeout: 15_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  function answerToken(url: string | null) {
    const asked: unknown[] = [];
    server.use(
      http.post('/api/preview-tokens', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ id: 1, token: 'pt', expires_at: '2030-01-01T00:00:00Z', url });
      }),
    );
    return asked;
  }

  it("opens the website's preview in a new tab when the server names one", async () => {
    const asked = answerToken('https://fund.example/preview?token=pt');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const banner = await openBanner();
    await user.click(within(banner).getByRole('button', { name: 'Preview' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalled());
    expect(open.mock.calls[0]?.slice(0, 2)).toEqual(['https://fund.example/preview?token=pt', '_blank']);
    expect(asked).toEqual([{ section: 'faqs', id: 3 }]);
  });

  it('otherwise shows the pending changes against the live version', async () => {
    answerToken(null);
    const open = vi.spyOn(window, 'open');
    const banner = await openBanner();
    await user.click(within(banner).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    const differences = within(dialog).getByRole('list', { name: 'Differences' });
    expect(within(differences).getByText('can', { selector: 'ins *, ins' })).toBeInTheDocument();
    expect(within(differences).getByText('do', { selector: 'del *, del' })).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});
