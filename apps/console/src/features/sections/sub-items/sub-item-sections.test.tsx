import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { serveSection } from '@/testing/sub-item-api';
import { expectToast } from '@/testing/toasts';

// no pause between keystrokes: the typing is not what these tests are about
const user = userEvent.setup({ delay: null });
const button = (name: string) => screen.getByRole('button', { name });

describe('sub-item editors of Steps, Benefits and Stakeholders (their screens, dialogs and toasts)', () => {
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
    expect(api.sent).toEqual([
      { method: 'POST', path: '/api/steps/sub', ifMatch: '"v1"', body: { step: 'Sign the form' } },
    ]);
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

  it('keeps Confirm disabled on a blank stakeholder point; its add failure uses the fallback', async () => {
    signInAs();
    serveSection('stakeholders', {
      id: 1,
      title: 'Partners',
      description: '',
      stakeHolders: [{ id: 4, stakeholder: 'Banks' }],
    });
    server.use(http.post('/api/stakeholders/sub', () => new HttpResponse(null, { status: 500 })));
    renderApp('/stakeholders');
    await screen.findByRole('heading', { name: 'Partners' });
    await user.click(button('Edit Points'));
    await user.click(button('Add Point'));
    expect(button('Confirm')).toBeDisabled();
    await user.type(screen.getByPlaceholderText('Enter new stakeholder point'), 'Schools');
    await user.click(button('Confirm'));
    await expectToast('Error Adding Stakeholder', {
      description: 'Could not add stakeholder. Please try again.',
      destructive: true,
    });
    expect(screen.getByPlaceholderText('Enter new stakeholder point')).toHaveValue('Schools');
  });

  it.each([
    ['steps', 'Edit Steps', 'Save Steps', { steps: [{ id: 3, step: 'Register' }] }, 'Steps updated successfully.'],
    [
      'benefits',
      'Edit Points',
      'Save Points',
      { benefits: [{ id: 3, benefit: 'Register' }] },
      'Benefits updated successfully.',
    ],
    [
      'stakeholders',
      'Edit Points',
      'Save Points',
      { stakeHolders: [{ id: 3, stakeholder: 'Register' }] },
      'Stakeholders updated successfully.',
    ],
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
    [
      'benefits',
      'Edit Points',
      'Delete benefit point 1',
      { benefits: [{ id: 8, benefit: 'x' }] },
      'Benefit deleted successfully.',
    ],
    [
      'stakeholders',
      'Edit Points',
      'Delete stakeholder point 1',
      { stakeHolders: [{ id: 8, stakeholder: 'x' }] },
      'Stakeholder deleted successfully.',
    ],
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
    [
      'benefits',
      'Edit Points',
      'Save Points',
      'Error Updating Benefits',
      'Could not update benefits. Please try again.',
    ],
    [
      'stakeholders',
      'Edit Points',
      'Save Points',
      'Error Updating Stakeholders',
      'Could not update stakeholders. Please try again.',
    ],
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
