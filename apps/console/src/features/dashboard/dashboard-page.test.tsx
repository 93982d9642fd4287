import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { server } from '@/testing/server';
import { renderApp, renderWithProviders, signInAs } from '@/testing/render';
import { makeLog } from '@/testing/factories';
import { formatDate } from '@/lib/format-date';
import { DashboardPage } from './dashboard-page';

function logsTable() {
  return screen.findByRole('table');
}

describe('dashboard', () => {
  it('greets the user and shows the overview', async () => {
    signInAs('Grace Hopper');
    server.use(
      http.get('/api/logs/summary', () =>
        HttpResponse.json({ total: 1234, last_updated_at: '2024-02-07T12:00:00.000Z' }),
      ),
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to your Bursary CMS dashboard')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Total Logs')).toBeInTheDocument();
    expect(screen.getByText('Last Updated')).toBeInTheDocument();
    expect(screen.getByText(formatDate('2024-02-07T12:00:00.000Z'))).toBeInTheDocument();
    expect(screen.getByText('Version 1.0.0')).toBeInTheDocument();
  });

  it("shows 'N/A' as Last Updated when there are no logs", async () => {
    signInAs();
    server.use(http.get('/api/logs/summary', () => HttpResponse.json({ total: 0, last_updated_at: null })));
    renderApp('/dashboard');
    const card = (await screen.findByText('Last Updated')).closest('div.rounded-lg');
    expect(await within(card as HTMLElement).findByText('N/A')).toBeInTheDocument();
  });

  it('lists the first 5 logs with coloured action badges, sending the token', async () => {
    signInAs('Ada', 'tok-9');
    let auth: string | null = null;
    let limit: string | null = null;
    const logs = ['create', 'update', 'delete', 'publish', 'update', 'create'].map((action, i) =>
      makeLog({ action: action as 'create', content: `Item ${i}`, created_at: '2024-03-09T10:00:00.000Z' }),
    );
    server.use(
      http.get('/api/logs', ({ request }) => {
        auth = request.headers.get('Authorization');
        limit = new URL(request.url).searchParams.get('limit');
        return HttpResponse.json(logs);
      }),
    );
    renderApp('/dashboard');
    const table = await logsTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Content', 'Created at', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(within(table).queryByText('Item 5')).not.toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText(formatDate('2024-03-09T10:00:00.000Z'))).toBeInTheDocument();
    expect(within(table).getByText('create', { selector: 'span' })).toHaveClass('bg-green-100');
    expect(within(rows[1] as HTMLElement).getByText('update')).toHaveClass('bg-blue-100');
    expect(within(table).getByText('delete')).toHaveClass('bg-red-100');
    expect(within(table).getByText('publish')).toHaveClass('bg-gray-100');
    expect(auth).toBe('Bearer tok-9');
    expect(limit).toBe('5');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/content');
  });

  it("shows 'Loading logs...' and disables Refresh while loading", async () => {
    signInAs();
    server.use(
      http.get('/api/logs', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('Loading logs...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  });

  it('shows the empty state with its link', async () => {
    signInAs();
    server.use(http.get('/api/logs', () => HttpResponse.json([])));
    renderApp('/dashboard');
    expect(await screen.findByText('No logs available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first content' })).toHaveAttribute('href', '/content/create');
  });

  it.each([
    [
      'the error field',
      () => HttpResponse.json({ message: 'm', error: 'Logs are resting' }, { status: 500 }),
      'Logs are resting',
    ],
    ['the status', () => HttpResponse.json({ message: 'only message' }, { status: 503 }), 'Error: 503'],
    ['a network failure', () => HttpResponse.error(), 'Network error. Please check your connection.'],
  ])('shows a failure from %s inline and as an error toast', async (_case, resolver, text) => {
    signInAs();
    server.use(http.get('/api/logs', resolver));
    renderApp('/dashboard');
    const inline = await screen.findByText(text, { selector: 'p' });
    expect(inline).toHaveAttribute('role', 'alert');
    const toastText = await screen.findByText(text, { selector: 'li *' });
    expect(toastText.closest('li')).toHaveClass('destructive');
  });

  it('re-fetches on Refresh', async () => {
    signInAs();
    let calls = 0;
    server.use(
      http.get('/api/logs', () => {
        calls += 1;
        return HttpResponse.json([makeLog({ content: `Call ${calls}` })]);
      }),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('Call 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Call 2')).toBeInTheDocument();
  });

  it("shows 'Authentication required' without a token and makes no call", async () => {
    let calls = 0;
    server.use(
      http.get('/api/logs', () => {
        calls += 1;
        return HttpResponse.json([]);
      }),
    );
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('Authentication required')).toBeInTheDocument();
    expect(calls).toBe(0);
  });
});
