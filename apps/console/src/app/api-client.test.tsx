import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { signInAs } from '@/testing/render';
import { ApiError, AuthRequiredError, NetworkError, apiRequest } from '@/lib/api-client';
import { getSession } from '@/lib/session';
import { peekReturnPath, takeDraft, useDraft } from '@/lib/drafts';
import { Toaster } from '@/components/ui/toaster';

function captureHeaders(method: 'get' | 'post' | 'put' | 'delete', path: string) {
  const seen: Headers[] = [];
  server.use(
    http[method](path, ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json({ ok: true }, { headers: { ETag: '"v1"' } });
    }),
  );
  return seen;
}

describe('apiRequest', () => {
  it('reads sections without a token, even when signed in', async () => {
    signInAs();
    const seen = captureHeaders('get', '/api/faqs');
    const res = await apiRequest('GET', '/api/faqs');
    expect(seen[0]?.get('Authorization')).toBeNull();
    expect(res).toMatchObject({ status: 200, etag: '"v1"', data: { ok: true } });
  });

  it('sends the bearer token and If-Match on writes', async () => {
    signInAs('A', 'tok');
    const seen = captureHeaders('put', '/api/faqs/3');
    await apiRequest('PUT', 'faqs/3', { json: { title: 'x' }, ifMatch: '"v1"' });
    expect(seen[0]?.get('Authorization')).toBe('Bearer tok');
    expect(seen[0]?.get('If-Match')).toBe('"v1"');
    expect(seen[0]?.get('Content-Type')).toBe('application/json');
  });

  it('sends a delete without the header when there is no token', async () => {
    const seen = captureHeaders('delete', '/api/faqs/3');
    await apiRequest('DELETE', '/api/faqs/3');
    expect(seen[0]?.get('Authorization')).toBeNull();
  });

  it('makes no call for a token-only read without a token', async () => {
    const seen = captureHeaders('get', '/api/logs');
    await expect(apiRequest('GET', '/api/logs', { auth: true })).rejects.toBeInstanceOf(AuthRequiredError);
    expect(seen).toHaveLength(0);
  });

  it.each([
    [{ message: 'Nope', error: 'Bad' }, 'Nope'],
    [{ error: 'Bad' }, 'Bad'],
    [null, 'HTTP error! status: 418'],
  ])('throws ApiError with the server message, else its error, else the status (%j)', async (body, message) => {
    server.use(
      http.get('/api/faqs', () =>
        body ? HttpResponse.json(body, { status: 418 }) : new HttpResponse(null, { status: 418 }),
      ),
    );
    const error = await apiRequest('GET', '/api/faqs').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 418, message });
  });

  it('throws NetworkError when no answer comes', async () => {
    server.use(http.get('/api/faqs', () => HttpResponse.error()));
    await expect(apiRequest('GET', '/api/faqs')).rejects.toBeInstanceOf(NetworkError);
  });

  it('ends the session on a 401 to a call that carried the token', async () => {
    signInAs();
    server.use(
      http.post('/api/faqs', () => HttpResponse.json({ message: 'expired', error: 'Unauthorized' }, { status: 401 })),
    );
    render(<Toaster />);
    await act(() => expect(apiRequest('POST', '/api/faqs', { json: {} })).rejects.toBeInstanceOf(ApiError));
    expect(getSession()).toBeNull();
    expect(peekReturnPath()).toBeNull();
    expect(screen.getByText('Session ended')).toBeInTheDocument();
    expect(screen.getByText('Please sign in again.')).toBeInTheDocument();
  });

  it('keeps the session on a 401 to a call without the token', async () => {
    signInAs();
    server.use(http.get('/api/faqs', () => HttpResponse.json({ message: 'x', error: 'y' }, { status: 401 })));
    await expect(apiRequest('GET', '/api/faqs')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).not.toBeNull();
  });
});

describe('drafts across an expired session', () => {
  function DraftForm({ dirty, onRestore }: { dirty: boolean; onRestore: (v: unknown) => void }) {
    useDraft('/faqs/edit/3', {
      isDirty: () => dirty,
      getValues: () => ({ title: 'Unsaved title' }),
      restore: onRestore,
    });
    return <p>form</p>;
  }

  it('keeps unsaved input and the path when a save meets 401, and restores it on the next mount', async () => {
    signInAs();
    window.history.pushState({}, '', '/faqs/edit/3');
    server.use(
      http.put('/api/faqs/3', () => HttpResponse.json({ message: 'expired', error: 'Unauthorized' }, { status: 401 })),
    );
    const first = render(<DraftForm dirty onRestore={() => {}} />);
    await act(() => apiRequest('PUT', '/api/faqs/3', { json: {} }).catch(() => undefined));
    expect(getSession()).toBeNull();
    expect(peekReturnPath()).toBe('/faqs/edit/3');
    first.unmount();

    const restored: unknown[] = [];
    render(<DraftForm dirty={false} onRestore={(v) => restored.push(v)} />);
    expect(screen.getByText('form')).toBeInTheDocument();
    expect(restored).toEqual([{ title: 'Unsaved title' }]);
    expect(takeDraft('/faqs/edit/3')).toBeNull();
  });

  it('counts changed values as unsaved even when the form library says it is clean', async () => {
    signInAs();
    server.use(
      http.put('/api/faqs/3', () => HttpResponse.json({ message: 'expired', error: 'Unauthorized' }, { status: 401 })),
    );
    const values = { title: 'Saved title' };
    function StaleFlagForm() {
      useDraft('/faqs/edit/3', { isDirty: () => false, getValues: () => ({ ...values }), restore: () => {} });
      return null;
    }
    render(<StaleFlagForm />);
    values.title = 'Typed since';
    await act(() => apiRequest('PUT', '/api/faqs/3', { json: {} }).catch(() => undefined));
    expect(takeDraft('/faqs/edit/3')).toEqual({ title: 'Typed since' });
  });

  it('keeps nothing when the form holds no unsaved input', async () => {
    signInAs();
    server.use(
      http.put('/api/faqs/3', () => HttpResponse.json({ message: 'expired', error: 'Unauthorized' }, { status: 401 })),
    );
    render(<DraftForm dirty={false} onRestore={() => {}} />);
    await act(() => apiRequest('PUT', '/api/faqs/3', { json: {} }).catch(() => undefined));
    expect(peekReturnPath()).toBeNull();
    expect(takeDraft('/faqs/edit/3')).toBeNull();
  });
});
