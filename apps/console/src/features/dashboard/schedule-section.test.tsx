import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderApp, signInWithRole } from '@/testing/render';

const item = (overrides: Record<string, unknown>) => ({
  id: 1,
  section: 'faqs',
  record_id: 3,
  title: 'How do I apply?',
  action: 'publish',
  due_at: '2030-01-05T09:00:00Z',
  state: 'pending',
  reason: null,
  set_by: 'grace',
  set_at: '2029-12-01T09:00:00Z',
  finished_at: null,
  ...overrides,
});

describe('the dashboard’s publishing schedule', () => {
  it('lists what is scheduled next and what failed, each linking to the record', async () => {
    signInWithRole('viewer');
    server.use(
      http.get('/api/schedules', () =>
        HttpResponse.json({
          upcoming: [item({})],
          failed: [
            item({
              id: 2,
              section: 'heroes',
              record_id: 1,
              title: 'Banner',
              action: 'unpublish',
              state: 'failed',
              reason: 'The record was deleted.',
            }),
          ],
          done: [],
        }),
      ),
    );
    renderApp('/dashboard');
    const next = (await screen.findByRole('heading', { name: 'Scheduled next' })).closest('.rounded-lg') as HTMLElement;
    expect(within(next).getByRole('link', { name: 'How do I apply?' })).toHaveAttribute('href', '/faqs/edit/3');
    expect(within(next).getByText(/^Publish · 5 Jan 2030/)).toBeInTheDocument();
    const failed = screen.getByRole('heading', { name: 'Failed' }).closest('.rounded-lg') as HTMLElement;
    expect(within(failed).getByRole('link', { name: 'Banner' })).toHaveAttribute('href', '/heroes/edit/1');
    expect(within(failed).getByText('The record was deleted.')).toBeInTheDocument();
  });

  it('says when nothing is scheduled', async () => {
    signInWithRole('editor');
    renderApp('/dashboard');
    expect(await screen.findByText('Nothing is scheduled.')).toBeInTheDocument();
    expect(screen.getByText('No scheduled action has failed.')).toBeInTheDocument();
  });
});
