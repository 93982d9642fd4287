import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { serveSection } from '@/testing/sub-item-api';
import { expectToast } from '@/testing/toasts';

const mission: SectionRecord = {
  id: 1,
  title: 'Our mission',
  description: '<p>Why we lend.</p>',
  missions: [
    { id: 11, mission: 'Fair loans' },
    { id: 12, mission: '' },
    { id: 13, mission: 'Open books' },
  ],
};

async function openMissions(record: SectionRecord = mission) {
  signInAs();
  const api = serveSection('missions', record);
  renderApp('/missions');
  await screen.findByRole('heading', { name: 'Our mission' });
  return api;
}

// no pause between keystrokes: the typing is not what these tests are about
const user = userEvent.setup({ delay: null });
const button = (name: string) => screen.getByRole('button', { name });
const startEditing = () => userEvent.click(button('Edit Points'));

describe('sub-item editor', () => {
  it("lists the numbered points in view mode, an empty one as 'Empty'", async () => {
    await openMissions();
    const block = screen.getByRole('region', { name: 'Mission Points' });
    expect(
      within(block)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Fair loans', '2Empty', '3Open books']);
    expect(within(block).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Points' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Desc. Our mission' })).toHaveAttribute('href', '/missions/edit/1');
  });

  it("reads 'No mission points available.' for an empty list, and collapses", async () => {
    await openMissions({ ...mission, missions: [] });
    expect(screen.getByText('No mission points available.')).toBeVisible();
    const toggle = button('Mission Points');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('No mission points available.')).not.toBeVisible();
  });

  it('opens a collapsed block when editing starts or a point is added', async () => {
    await openMissions();
    await user.click(button('Mission Points'));
    expect(button('Mission Points')).toHaveAttribute('aria-expanded', 'false');
    await startEditing();
    expect(button('Mission Points')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Mission point 1' })).toBeVisible();
    await user.click(button('Mission Points'));
    await user.click(button('Add Point'));
    expect(button('Mission Points')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByPlaceholderText('Enter new mission point')).toBeVisible();
  });

  it("turns each point into a text box with Delete; the button reads 'Cancel' while editing", async () => {
    await openMissions();
    await startEditing();
    expect(screen.getByRole('textbox', { name: 'Mission point 1' })).toHaveValue('Fair loans');
    expect(screen.getByRole('textbox', { name: 'Mission point 2' })).toHaveValue('');
    expect(button('Delete mission point 3')).toBeEnabled();
    expect(button('Save Points')).toBeInTheDocument();
    expect(button('Add Point')).toBeInTheDocument();
    await user.click(button('Cancel'));
    expect(button('Edit Points')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Mission point 1' })).not.toBeInTheDocument();
  });

  it('saves every point with the ETag, toasts, and returns to view mode on reload', async () => {
    const api = await openMissions();
    await startEditing();
    const first = screen.getByRole('textbox', { name: 'Mission point 1' });
    await user.clear(first);
    await user.type(first, 'Fair loans for all');
    await user.click(button('Save Points'));
    await expectToast('Mission points updated successfully.');
    expect(api.sent).toEqual([
      {
        method: 'PUT',
        path: '/api/missions/sub-edit/',
        ifMatch: '"v1"',
        body: {
          missions: [
            { id: 11, mission: 'Fair loans for all' },
            { id: 12, mission: '' },
            { id: 13, mission: 'Open books' },
          ],
        },
      },
    ]);
    await waitFor(() => expect(button('Edit Points')).toBeInTheDocument());
    expect(api.reads()).toBe(2);
  });

  it.each([
    ['a message', { message: 'Points are locked' }, 'Points are locked'],
    ['no message', {}, 'Could not update mission points. Please try again.'],
  ])('tells a failed save with %s and stays in edit mode', async (_case, body, description) => {
    await openMissions();
    server.use(http.put('/api/missions/sub-edit/', () => HttpResponse.json(body, { status: 500 })));
    await startEditing();
    await user.click(button('Save Points'));
    await expectToast('Error Updating Missions', { description, destructive: true });
    expect(screen.getByRole('textbox', { name: 'Mission point 1' })).toHaveValue('Fair loans');
  });

  it('keeps Confirm disabled while a mission point is blank, then adds it', async () => {
    const api = await openMissions();
    await startEditing();
    await user.click(button('Add Point'));
    expect(button('Add Point')).toBeDisabled();
    const box = screen.getByPlaceholderText('Enter new mission point');
    expect(button('Confirm')).toBeDisabled();
    await user.type(box, '   ');
    expect(button('Confirm')).toBeDisabled();
    await user.type(box, 'Lend to every county  ');
    expect(button('Confirm')).toBeEnabled();
    await user.click(button('Confirm'));
    await expectToast('Mission point added successfully.');
    expect(api.sent).toEqual([
      { method: 'POST', path: '/api/missions/sub', ifMatch: '"v1"', body: { mission: 'Lend to every county' } },
    ]);
    await waitFor(() => expect(screen.queryByPlaceholderText('Enter new mission point')).not.toBeInTheDocument());
  });

  it('closes and clears the add box when editing is cancelled', async () => {
    await openMissions();
    await startEditing();
    await user.click(button('Add Point'));
    await user.type(screen.getByPlaceholderText('Enter new mission point'), 'Half a thought');
    await user.click(button('Cancel add point'));
    expect(screen.queryByPlaceholderText('Enter new mission point')).not.toBeInTheDocument();
    await user.click(button('Add Point'));
    await user.type(screen.getByPlaceholderText('Enter new mission point'), 'Again');
    await user.click(button('Cancel'));
    await startEditing();
    await user.click(button('Add Point'));
    expect(screen.getByPlaceholderText('Enter new mission point')).toHaveValue('');
  });

  it('deletes one point with the ETag, its button disabled while pending', async () => {
    const api = await openMissions();
    let release: () => void = () => {};
    server.use(
      http.delete('/api/missions/sub/:id', async ({ request }) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        api.sent.push({
          method: 'DELETE',
          path: new URL(request.url).pathname,
          body: null,
          ifMatch: request.headers.get('If-Match'),
        });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await startEditing();
    await user.click(button('Delete mission point 1'));
    await waitFor(() => expect(button('Delete mission point 1')).toBeDisabled());
    expect(button('Delete mission point 1')).toHaveAttribute('aria-busy', 'true');
    expect(button('Delete mission point 2')).toBeEnabled();
    release();
    await expectToast('Mission point deleted successfully.');
    expect(api.sent).toEqual([{ method: 'DELETE', path: '/api/missions/sub/11', body: null, ifMatch: '"v1"' }]);
  });

  it('tells a failed delete with the server message', async () => {
    await openMissions();
    server.use(
      http.delete('/api/missions/sub/:id', () => HttpResponse.json({ message: 'Point is in use' }, { status: 409 })),
    );
    await startEditing();
    await user.click(button('Delete mission point 2'));
    await expectToast('Error Deleting Mission Point', { description: 'Point is in use', destructive: true });
    expect(screen.getByRole('textbox', { name: 'Mission point 2' })).toBeInTheDocument();
  });
});
