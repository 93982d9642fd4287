import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { seen, type SeenRequest, serveLocales } from '@/testing/locales';

const user = userEvent.setup({ delay: null });
const live = { status: 'published', has_changes: false, publish_at: null, unpublish_at: null };
const photo = `/media/${'a'.repeat(64)}.jpg`;
const refusal =
  "image_alt cannot wait with the changes: an image's alternative text shows at once wherever the image is used. Publish the changes first, or set the text in Media.";

/**
 * Serves success story 7 with an image: read plainly, in every language (`?locale=*`, where `image_alt` is an object
 * by code) and in French; its French waiting changes refuse a new alternative text as the server does. Records every
 * request.
 */
function serveStory(altByCode: Record<string, string | null>) {
  const requests: SeenRequest[] = [];
  const shared = { id: 7, student_name: 'Amina K.', student_school: null, source: null, date: '2024-03-01' };
  const inDefault = { ...shared, story: '<p>I graduated.</p>', image: photo, image_alt: altByCode.en, ...live };
  const inEvery = {
    ...shared,
    story: { en: '<p>I graduated.</p>', fr: '<p>Diplômée.</p>' },
    image: photo,
    image_alt: altByCode,
    ...live,
  };
  const record = async ({ request }: { request: Request }) => {
    const got = await seen(request);
    requests.push(got);
    if (request.method !== 'GET') return HttpResponse.json(inDefault);
    const every = new URL(request.url).searchParams.get('locale') === '*';
    return HttpResponse.json((every ? inEvery : inDefault) as SectionRecord, { headers: { ETag: '"r1"' } });
  };
  const changes = async ({ request }: { request: Request }) => {
    const got = await seen(request);
    requests.push(got);
    if (request.method === 'GET') return HttpResponse.json({ message: 'None' }, { status: 404 });
    if ((got.json as Record<string, unknown>).image_alt !== undefined)
      return HttpResponse.json(
        { message: 'Invalid input', fields: [{ path: 'image_alt', message: refusal }] },
        { status: 400 },
      );
    return HttpResponse.json(inDefault, { headers: { ETag: '"c7.fr-1"' } });
  };
  server.use(
    http.get('/api/success-stories/7', record),
    http.put('/api/success-stories/7', record),
    http.get('/api/success-stories/7/changes', changes),
    http.put('/api/success-stories/7/changes', changes),
  );
  return { writes: () => requests.filter((r) => r.method !== 'GET') };
}

async function openInFrench() {
  renderApp('/success-stories/edit/7');
  // the first test also loads the editor's lazy chunks, which is slow on a busy machine
  await screen.findByDisplayValue('Amina K.', {}, { timeout: 10_000 });
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'fr');
  return screen.findByRole('textbox', { name: 'Alternative text' });
}

describe("an image's alternative text in another language", { timeout: 15_000 }, () => {
  it("edits the language's own text beside the default language's, and saves it in that language", async () => {
    signInAs();
    serveLocales();
    const story = serveStory({ en: 'Amina in her gown', fr: 'Amina en toge' });
    const alt = await openInFrench();
    expect(alt).toHaveValue('Amina en toge');
    const reference = screen.getByRole('note', { name: 'Alternative text in English (default)' });
    expect(reference).toHaveTextContent('Amina in her gown');
    // the image itself is one for every language: read here, without the default language's text as its caption
    const image = screen.getByRole('group', { name: 'Image' });
    expect(image).toHaveTextContent('Shared by all languages');
    expect(image).not.toHaveTextContent('Amina in her gown');

    await user.clear(alt);
    await user.type(alt, 'Amina en toge de diplômée');
    await user.click(screen.getByRole('button', { name: 'Save Français' }));
    await expectToast('Français saved');
    expect(story.writes()).toHaveLength(1);
    expect(story.writes()[0]).toMatchObject({
      method: 'PUT',
      path: '/api/success-stories/7',
      search: '?locale=fr',
      json: { story: '<p>Diplômée.</p>', image_alt: 'Amina en toge de diplômée' },
    });
  });

  it('starts blank where the language has no text yet, and sends none when it is left so', async () => {
    signInAs();
    serveLocales();
    const story = serveStory({ en: 'Amina in her gown', fr: null });
    const alt = await openInFrench();
    expect(alt).toHaveValue('');
    expect(screen.getByRole('note', { name: 'Alternative text in English (default)' })).toHaveTextContent(
      'Amina in her gown',
    );
    await user.click(screen.getByRole('button', { name: 'Save Français' }));
    await expectToast('Français saved');
    expect(story.writes()[0]?.json).not.toHaveProperty('image_alt');
  });

  it("sends a new text with 'Save as draft', and shows why it cannot wait with the changes on its input", async () => {
    signInAs();
    serveLocales();
    const story = serveStory({ en: 'Amina in her gown', fr: 'Amina en toge' });
    const alt = await openInFrench();
    await user.type(alt, ' bleue');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(story.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/success-stories/7/changes',
        search: '?locale=fr',
        json: { story: '<p>Diplômée.</p>', image_alt: 'Amina en toge bleue' },
      }),
    ]);
  });
});

describe('a section whose only text in another language is an image’s', { timeout: 15_000 }, () => {
  it("edits a testimonial's logo text in French, with its shared university name sent unchanged", async () => {
    signInAs();
    serveLocales();
    const requests: SeenRequest[] = [];
    const shared = { id: 3, university_name: 'North University', image: photo, ...live };
    const answer = async ({ request }: { request: Request }) => {
      requests.push(await seen(request));
      const every = new URL(request.url).searchParams.get('locale') === '*';
      const alt = every ? { en: 'The North University crest', fr: null } : 'The North University crest';
      return HttpResponse.json({ ...shared, image_alt: alt }, { headers: { ETag: '"t3"' } });
    };
    server.use(
      http.get('/api/disbursement-testimonials/3', answer),
      http.put('/api/disbursement-testimonials/3', answer),
    );
    renderApp('/disbursement-testimonials/edit/3');
    await screen.findByDisplayValue('North University', {}, { timeout: 10_000 });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'fr');
    const alt = await screen.findByRole('textbox', { name: 'Alternative text' });
    expect(screen.getByRole('note', { name: 'Alternative text in English (default)' })).toHaveTextContent(
      'The North University crest',
    );
    await user.type(alt, 'Le blason de North University');
    await user.click(screen.getByRole('button', { name: 'Save Français' }));
    await expectToast('Français saved');
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([
      expect.objectContaining({
        search: '?locale=fr',
        json: { university_name: 'North University', image_alt: 'Le blason de North University' },
      }),
    ]);
  });
});
