import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Role, SectionRecord, User } from '@bursary/shared';
import { setSession } from '@/lib/session';
import { renderApp, signInWithRole } from '@/testing/render';
import { server } from '@/testing/server';

const user = userEvent.setup({ delay: null });

function serve(path: string, body: SectionRecord | SectionRecord[]) {
  server.use(http.get(path, () => HttpResponse.json(body, { headers: { ETag: '"v1"' } })));
}

const faq: SectionRecord = { id: 1, title: 'How do I apply?', description: '<p>Fill in the <b>online form</b>.</p>' };
const steps: SectionRecord = { id: 4, title: 'How it works', description: '', steps: [{ id: 41, step: 'Apply' }] };

/** The write controls of a page, by their accessible names. */
const writeControls = () => [
  ...screen.queryAllByRole('link', { name: /^(New|Create|Edit|Setup)\b/ }),
  ...screen.queryAllByRole('button', { name: /^(Edit|Delete|Save|Add)\b/ }),
];

// the editor runs every case too, so each check is seen to find the controls where they belong
describe.each([
  ['viewer', 0],
  ['editor', 1],
] as const)('write controls for a %s', (role: Role, shown) => {
  const expectControls = () =>
    shown ? expect(writeControls().length).toBeGreaterThan(0) : expect(writeControls()).toEqual([]);

  it('on a collection, in the Grid and List views', async () => {
    signInWithRole(role);
    serve('/api/faqs', [faq]);
    renderApp('/faqs');
    await screen.findByRole('heading', { name: 'How do I apply?' });
    expectControls();
    await user.click(within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name: 'List' }));
    await screen.findByRole('table');
    expectControls();
    // no empty 'Actions' column for someone who has no actions
    expect(screen.queryAllByRole('columnheader', { name: 'Actions' })).toHaveLength(shown);
  });

  it('on an empty dashboard log: the invitation to create content only for who can create', async () => {
    signInWithRole(role);
    serve('/api/logs', []);
    renderApp('/dashboard');
    await screen.findByText('No logs available.');
    expect(screen.queryAllByRole('link', { name: 'Create your first content' })).toHaveLength(shown);
  });

  it('on an empty collection', async () => {
    signInWithRole(role);
    serve('/api/faqs', []);
    renderApp('/faqs');
    await screen.findByRole('heading', { name: 'No FAQs Yet' });
    expectControls();
  });

  it('on a single-record section and its sub-items', async () => {
    signInWithRole(role);
    serve('/api/steps', [steps]);
    renderApp('/steps');
    await screen.findByText('Apply');
    expectControls();
  });

  it('on an edit URL: the record read-only for a viewer, the form for an editor', async () => {
    signInWithRole(role);
    serve('/api/faqs/1', faq);
    renderApp('/faqs/edit/1');
    await screen.findByRole('heading', { level: 1, name: 'Edit FAQs' });
    if (shown) {
      expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
      return;
    }
    expect(await screen.findByText('You can view this but not change it.')).toBeInTheDocument();
    expect(screen.getByText('How do I apply?')).toBeInTheDocument();
    expect(screen.getByText('online form')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to FAQs' })).toHaveAttribute('href', '/faqs');
  });

  it.each(['/create-faq', '/faqs/create', '/create-testimonial'])(
    'on %s: a notice for a viewer instead of the form',
    async (path) => {
      signInWithRole(role);
      renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      const notice = /Your role cannot create content here/;
      if (shown) {
        expect(await screen.findByRole('button', { name: /^Create/ })).toBeInTheDocument();
        expect(screen.queryByText(notice)).not.toBeInTheDocument();
      } else {
        expect(await screen.findByText(notice)).toBeInTheDocument();
        expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
        expect(screen.queryByRole('button', { name: /^Create/ })).not.toBeInTheDocument();
      }
    },
  );
});

describe('the role of a stored session', () => {
  it('follows GET /api/me: a session stored before roles gets its controls once the server names its role', async () => {
    setSession({ user: { id: 1, username: 'editor', name: 'Ada Editor' }, token: 'token-123' });
    const answer: User = { id: 1, username: 'editor', name: 'Ada Editor', role: 'editor' };
    server.use(http.get('/api/me', () => HttpResponse.json(answer)));
    serve('/api/faqs', [faq]);
    renderApp('/faqs');
    expect(await screen.findByRole('link', { name: 'New FAQ' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ role: 'editor' });
  });

  it('takes the controls away when the server answers a lower role', async () => {
    signInWithRole('editor');
    server.use(
      http.get('/api/me', () => HttpResponse.json({ id: 1, username: 'editor', name: 'Ada Editor', role: 'viewer' })),
    );
    serve('/api/faqs', [faq]);
    renderApp('/faqs');
    await screen.findByRole('heading', { name: 'How do I apply?' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'New FAQ' })).not.toBeInTheDocument());
    expect(writeControls()).toEqual([]);
  });
});
