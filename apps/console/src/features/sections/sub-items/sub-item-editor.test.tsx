import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';

interface SentRequest { method: string; path: string; body: unknown; ifMatch: string | null }

/** Serves one record of a single-record section, with an ETag, and records every write. */
function serveSection(slug: string, record: SectionRecord, etag = '"v1"') {
  const sent: SentRequest[] = [];
  let reads = 0;
  const remember = async (request: Request) => {
    const text = await request.text();
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null, ifMatch: request.headers.get('If-Match') });
  };
  server.use(
    http.get(`/api/${slug}`, () => { reads += 1; return HttpResponse.json([record], { headers: { ETag: etag } }); }),
    http.put(`/api/${slug}/sub-edit/`, async ({ request }) => { await remember(request); return HttpResponse.json(record, { headers: { ETag: '"v2"' } }); }),
    http.post(`/api/${slug}/sub`, async ({ request }) => { await remember(request); return HttpResponse.json({ id: 99 }, { status: 201, headers: { ETag: '"v2"' } }); }),
    http.delete(`/api/${slug}/sub/:id`, async ({ request }) => { await remember(request); return new HttpResponse(null, { status: 204 }); }),
  );
  return { sent, reads: () => reads };
}

const mission: SectionRecord = {
  id: 1, title: 'Our mission', description: '<p>Why we lend.</p>',
  missions: [{ id: 11, mission: 'Fair loans' }, { id: 12, mission: '' }, { id: 13, mission: 'Open books' }],
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

describe('sub-item editor (SPEC.md 2.18, 4.3)', () => {
  it("lists the numbered points in view mode, an empty one as 'Empty'", async () => {
    await openMissions();
    const block = screen.getByRole('region', { name: 'Mission Points' });
    expect(within(block).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1Fair loans', '2Empty', '3Open books']);
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
    expect(api.sent).toEqual([{
      method: 'PUT', path: '/api/missions/sub-edit/', ifMatch: '"v1"',
      body: { missions: [{ id: 11, mission: 'Fair loans for all' }, { id: 12, mission: '' }, { id: 13, mission: 'Open books' }] },
    }]);
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

  it('keeps Confirm disabled while a mission point is blank, then adds it (SPEC.md 5)', async () => {
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
    expect(api.sent).toEqual([{ method: 'POST', path: '/api/missions/sub', ifMatch: '"v1"', body: { mission: 'Lend to every county' } }]);
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
    server.use(http.delete('/api/missions/sub/:id', async ({ request }) => {
      await new Promise<void>((resolve) => { release = resolve; });
      api.sent.push({ method: 'DELETE', path: new URL(request.url).pathname, body: null, ifMatch: request.headers.get('If-Match') });
      return new HttpResponse(null, { status: 204 });
    }));
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
    server.use(http.delete('/api/missions/sub/:id', () => HttpResponse.json({ message: 'Point is in use' }, { status: 409 })));
    await startEditing();
    await user.click(button('Delete mission point 2'));
    await expectToast('Error Deleting Mission Point', { description: 'Point is in use', destructive: true });
    expect(screen.getByRole('textbox', { name: 'Mission point 2' })).toBeInTheDocument();
  });
});

describe('sub-item editors of Steps, Benefits and Stakeholders (SPEC.md 2.13, 2.15, 2.20, 5, 8.4, 8.5)', () => {
  it("lets Confirm through on a blank step and says 'Please enter a step.' without sending", async () => {
    signInAs();
    const api = serveSection('steps', { id: 1, title: 'How to apply', steps: [{ id: 3, step: 'Register' }] });
    renderApp('/steps');
    await screen.findByRole('heading', { name: 'How to apply' });
    await user.click(button('Edit Steps'));
    await user.click(button('Add Step'));
    const box = screen.getByPlaceholderText('Enter new step');
    expect(button('Confirm')).toBeEnabled();
    await user.click(button('Confirm'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a step.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.type(box, '  {Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a step.');
    expect(api.sent).toEqual([]);
    await user.type(box, 'Sign the form{Enter}');
    await expectToast('Step added successfully.');
    expect(api.sent).toEqual([{ method: 'POST', path: '/api/steps/sub', ifMatch: '"v1"', body: { step: 'Sign the form' } }]);
  });

  it("says 'Please enter a benefit point.' on a blank benefit", async () => {
    signInAs();
    serveSection('benefits', { id: 1, title: 'Why us', description: 'Low rates', benefits: [] });
    renderApp('/benefits');
    await screen.findByRole('heading', { name: 'Why us' });
    expect(screen.getByText('No benefit points available.')).toBeInTheDocument();
    await user.click(button('Edit Points'));
    await user.click(button('Add Point'));
    await user.click(button('Confirm'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a benefit point.');
  });

  it("keeps Confirm disabled on a blank stakeholder point; its add failure uses the fallback", async () => {
    signInAs();
    serveSection('stakeholders', { id: 1, title: 'Partners', description: '', stakeHolders: [{ id: 4, stakeholder: 'Banks' }] });
    server.use(http.post('/api/stakeholders/sub', () => new HttpResponse(null, { status: 500 })));
    renderApp('/stakeholders');
    await screen.findByRole('heading', { name: 'Partners' });
    await user.click(button('Edit Points'));
    await user.click(button('Add Point'));
    expect(button('Confirm')).toBeDisabled();
    await user.type(screen.getByPlaceholderText('Enter new stakeholder point'), 'Schools');
    await user.click(button('Confirm'));
    await expectToast('Error Adding Stakeholder', { description: 'Could not add stakeholder. Please try again.', destructive: true });
    expect(screen.getByPlaceholderText('Enter new stakeholder point')).toHaveValue('Schools');
  });

  it.each([
    ['steps', 'Edit Steps', 'Save Steps', { steps: [{ id: 3, step: 'Register' }] }, 'Steps updated successfully.'],
    ['benefits', 'Edit Points', 'Save Points', { benefits: [{ id: 3, benefit: 'Register' }] }, 'Benefits updated successfully.'],
    ['stakeholders', 'Edit Points', 'Save Points', { stakeHolders: [{ id: 3, stakeholder: 'Register' }] }, 'Stakeholders updated successfully.'],
  ])('%s saves its points under its own field and toasts', async (slug, editLabel, saveLabel, items, toastTitle) => {
    signInAs();
    const api = serveSection(slug, { id: 1, title: 'Block', description: '', ...items });
    renderApp(`/${slug}`);
    await screen.findByRole('heading', { name: 'Block' });
    await user.click(button(editLabel));
    await user.click(button(saveLabel));
    await expectToast(toastTitle);
    expect(api.sent).toEqual([{ method: 'PUT', path: `/api/${slug}/sub-edit/`, ifMatch: '"v1"', body: items }]);
  });

  it.each([
    ['steps', 'Edit Steps', 'Delete step 1', { steps: [{ id: 8, step: 'x' }] }, 'Step deleted successfully.'],
    ['benefits', 'Edit Points', 'Delete benefit point 1', { benefits: [{ id: 8, benefit: 'x' }] }, 'Benefit deleted successfully.'],
    ['stakeholders', 'Edit Points', 'Delete stakeholder point 1', { stakeHolders: [{ id: 8, stakeholder: 'x' }] }, 'Stakeholder deleted successfully.'],
  ])('%s deletes one point and toasts', async (slug, editLabel, deleteLabel, items, toastTitle) => {
    signInAs();
    const api = serveSection(slug, { id: 1, title: 'Block', description: '', ...items });
    renderApp(`/${slug}`);
    await screen.findByRole('heading', { name: 'Block' });
    await user.click(button(editLabel));
    await user.click(button(deleteLabel));
    await expectToast(toastTitle);
    expect(api.sent).toEqual([{ method: 'DELETE', path: `/api/${slug}/sub/8`, ifMatch: '"v1"', body: null }]);
  });

  it.each([
    ['steps', 'Edit Steps', 'Save Steps', 'Error Updating Steps', 'Could not update steps. Please try again.'],
    ['benefits', 'Edit Points', 'Save Points', 'Error Updating Benefits', 'Could not update benefits. Please try again.'],
    ['stakeholders', 'Edit Points', 'Save Points', 'Error Updating Stakeholders', 'Could not update stakeholders. Please try again.'],
  ])('%s tells a failed save with its title and fallback', async (slug, editLabel, saveLabel, title, fallback) => {
    signInAs();
    serveSection(slug, { id: 1, title: 'Block', description: '' });
    server.use(http.put(`/api/${slug}/sub-edit/`, () => HttpResponse.error()));
    renderApp(`/${slug}`);
    await screen.findByRole('heading', { name: 'Block' });
    await user.click(button(editLabel));
    await user.click(button(saveLabel));
    await expectToast(title, { description: fallback, destructive: true });
  });
});
