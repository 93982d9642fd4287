import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { renderApp, signInWithRole } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { makeMediaItem, serveMedia } from '@/testing/media-api';
import { scrollWindowTo } from '@/testing/window-scroll';
import { mediaLabel } from '@/lib/media-label';
import { CARD_LINE_ESTIMATE } from './media-page';

const user = userEvent.setup({ delay: null });

const used = makeMediaItem({
  name: `${'b'.repeat(64)}.jpg`,
  type: 'image/jpeg',
  alt: 'Students at the library',
  bytes: 1_572_864,
  width: 1920,
  height: 1080,
  file_name: 'library-reading-room.jpg',
  used_by: [
    { section: 'success-stories', id: 7, title: 'Amara Obi' },
    { section: 'heroes', id: 1, title: 'Welcome' },
  ],
});
const loose = makeMediaItem({ name: `${'c'.repeat(64)}.png`, bytes: 512, width: 16, height: 16 });
// stored before uploaded files' names were kept
const drawing = makeMediaItem({
  name: `${'d'.repeat(64)}.svg`,
  type: 'image/svg+xml',
  width: null,
  height: null,
  file_name: null,
});

/** An image's card, found by its thumbnail's address: cards are headed by the uploaded file's name, which may repeat. */
const cardOf = (name: string) =>
  waitFor(() => {
    const thumbnail = [...document.querySelectorAll('img')].find((img) =>
      img.getAttribute('src')?.startsWith(`/media/${name}`),
    );
    const card = thumbnail?.closest('li');
    if (!card) throw new Error(`no card shows ${name}`);
    return card;
  });

async function open(role: 'editor' | 'viewer' = 'editor', path = '/media') {
  signInWithRole(role);
  const { router } = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Media' });
  return router;
}

// the first test also loads the screen's lazy chunk, which is slow on a busy machine
describe('/media', { timeout: 15_000 }, () => {
  it('shows each image with its 320-pixel thumbnail, size, dimensions, text and uses linking to their records', async () => {
    serveMedia([used, loose, drawing]);
    await open();
    const card = within(await cardOf(used.name));
    const thumbnail = card.getByRole('img', { name: 'Students at the library' });
    expect(thumbnail).toHaveAttribute('src', `/media/${used.name}?w=320`);
    expect(thumbnail).toHaveAttribute('srcset', `/media/${used.name}?w=320 1x, /media/${used.name}?w=640 2x`);
    expect(card.getByText(/1\.5 MB · 1920 × 1080 px/)).toBeInTheDocument();
    // named by the uploaded file's own name, never by the content address
    expect(card.getByRole('heading', { level: 2 })).toHaveTextContent(/^library-reading-room\.jpg$/);
    expect(screen.queryByText(/[0-9a-f]{64}/)).not.toBeInTheDocument();
    expect(card.getByLabelText('Alternative text')).toHaveValue('Students at the library');
    expect(card.getByRole('link', { name: 'Success Stories: Amara Obi' })).toHaveAttribute(
      'href',
      '/success-stories/edit/7',
    );
    expect(card.getByRole('link', { name: 'Heroes: Welcome' })).toHaveAttribute('href', '/heroes/edit/1');
    // in use: nothing to delete
    expect(card.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

    const small = within(await cardOf(loose.name));
    expect(small.getByText(/512 bytes · 16 × 16 px/)).toBeInTheDocument();
    expect(small.getByText('No alternative text')).toBeInTheDocument();
    expect(small.getByText('Not used by any record.')).toBeInTheDocument();
    expect(small.getByRole('button', { name: `Delete ${mediaLabel(loose)}` })).toBeInTheDocument();

    // an SVG is sent as it is at any width: no variants
    const svg = within(await cardOf(drawing.name));
    expect(svg.getByText(/Scales to any size/)).toBeInTheDocument();
    expect(svg.getByRole('presentation')).toHaveAttribute('src', `/media/${drawing.name}`);
    expect(svg.getByRole('heading', { level: 2 })).toHaveTextContent(/^Unnamed SVG image$/);
    expect(screen.getByRole('link', { name: 'Media' })).toHaveAttribute('aria-current', 'page');
  });

  it("filters on 'Unused' and 'Missing alternative text', in the address too", async () => {
    const api = serveMedia([used, loose]);
    const router = await open();
    await cardOf(used.name);
    await user.click(screen.getByRole('checkbox', { name: 'Unused' }));
    expect(router.state.location.search).toBe('?unused=1');
    await waitFor(() => expect(screen.queryByRole('heading', { name: used.name })).not.toBeInTheDocument());
    expect(api.calls.at(-1)?.query).toEqual({ limit: '48', offset: '0', unused: '1' });
    await user.click(screen.getByRole('checkbox', { name: 'Missing alternative text' }));
    await waitFor(() => expect(api.calls.at(-1)?.query).toMatchObject({ unused: '1', missing_alt: '1' }));
    expect(router.state.location.search).toBe('?unused=1&missing_alt=1');
    expect(await cardOf(loose.name)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Unused' }));
    await user.click(screen.getByRole('checkbox', { name: 'Missing alternative text' }));
    expect(await cardOf(used.name)).toBeInTheDocument();
  });

  it('opens filtered from the address, and says when nothing matches', async () => {
    serveMedia([used]);
    await open('editor', '/media?unused=1');
    expect(screen.getByRole('checkbox', { name: 'Unused' })).toBeChecked();
    expect(await screen.findByText('No image matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all images' }));
    expect(await cardOf(used.name)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Unused' })).not.toBeChecked();
  });

  it('says when the library is empty', async () => {
    serveMedia([]);
    await open();
    expect(await screen.findByText('No images yet')).toBeInTheDocument();
  });

  it('saves alternative text in place and says so; a refusal keeps the typed text and gives the reason', async () => {
    const api = serveMedia([loose], {
      refuse: (call) =>
        (call.json as { alt?: string }).alt === 'x'
          ? HttpResponse.json({ message: 'Alternative text says too little.', error: 'Bad Request' }, { status: 400 })
          : undefined,
    });
    await open();
    const card = within(await cardOf(loose.name));
    const save = card.getByRole('button', { name: `Save the alternative text of ${mediaLabel(loose)}` });
    expect(save).toBeDisabled();
    expect(card.getByLabelText('Alternative text')).toHaveAttribute('maxlength', '300');
    expect(card.getByLabelText('Alternative text')).toHaveAccessibleDescription(/Leave out "image of"/);

    await user.type(card.getByLabelText('Alternative text'), 'x');
    await user.click(save);
    await expectToast('Alternative text not saved', {
      destructive: true,
      description: 'Alternative text says too little.',
    });
    expect(card.getByLabelText('Alternative text')).toHaveValue('x');

    await user.clear(card.getByLabelText('Alternative text'));
    await user.type(card.getByLabelText('Alternative text'), '  A crest on blue {Enter}');
    await expectToast('Alternative text saved');
    expect(api.writes().map((call) => [call.method, call.path, call.json])).toEqual([
      ['PATCH', `/api/media/${loose.name}`, { alt: 'x' }],
      ['PATCH', `/api/media/${loose.name}`, { alt: 'A crest on blue' }],
    ]);
    const saved = within(await cardOf(loose.name));
    await waitFor(() => expect(saved.queryByText('No alternative text')).not.toBeInTheDocument());
    expect(saved.getByLabelText('Alternative text')).toHaveValue('A crest on blue');
  });

  it('deletes an unused image after asking, and keeps it when the question is cancelled', async () => {
    const api = serveMedia([used, loose]);
    await open();
    const card = within(await cardOf(loose.name));
    await user.click(card.getByRole('button', { name: `Delete ${mediaLabel(loose)}` }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete this image?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(api.writes()).toEqual([]);

    await user.click(card.getByRole('button', { name: `Delete ${mediaLabel(loose)}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Image deleted');
    expect(api.writes().map((call) => [call.method, call.path])).toEqual([['DELETE', `/api/media/${loose.name}`]]);
    await waitFor(() => expect(document.querySelector(`img[src^="/media/${loose.name}"]`)).toBeNull());
    expect(await cardOf(used.name)).toBeInTheDocument();
  });

  it("shows the server's 409 sentence when a kept version still uses the image", async () => {
    const reason = 'A kept version of FAQ "How do I apply?" still uses this image: it can be deleted once that goes.';
    serveMedia([loose], {
      refuse: (call) =>
        call.method === 'DELETE'
          ? HttpResponse.json({ message: reason, error: 'Conflict' }, { status: 409 })
          : undefined,
    });
    await open();
    const card = within(await cardOf(loose.name));
    await user.click(card.getByRole('button', { name: `Delete ${mediaLabel(loose)}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Image not deleted', { destructive: true, description: reason });
    expect(await cardOf(loose.name)).toBeInTheDocument();
  });

  it('reads the next page as the reader nears the end', async () => {
    const many = Array.from({ length: 50 }, (_, i) => makeMediaItem({ name: `${String(i).padStart(64, '0')}.png` }));
    const api = serveMedia(many);
    await open();
    await cardOf(many[0]?.name ?? '');
    expect(screen.queryByRole('heading', { name: many[47]?.name })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 48 of 50 images')).toBeInTheDocument();
    expect(api.calls.map((call) => call.query.offset)).toEqual(['0']);
    // jsdom lays out one column of cards, each line of its estimated height: the last card read comes on screen
    await scrollWindowTo(48 * CARD_LINE_ESTIMATE - window.innerHeight);
    expect(await cardOf(many[49]?.name ?? '')).toHaveAttribute('aria-posinset', '50');
    expect(api.calls.map((call) => call.query.offset)).toEqual(['0', '48']);
    expect(screen.queryByRole('heading', { name: many[0]?.name })).not.toBeInTheDocument();
  });

  it('keeps the alternative text typed in a card that scrolls away and back unsaved', async () => {
    const many = Array.from({ length: 48 }, (_, i) => makeMediaItem({ name: `${String(i).padStart(64, '0')}.png` }));
    serveMedia(many);
    await open();
    const input = within(await cardOf(many[0]?.name ?? '')).getByLabelText('Alternative text');
    await user.type(input, 'A student reading');
    await user.click(document.body);
    await scrollWindowTo(48 * CARD_LINE_ESTIMATE);
    expect(screen.queryByRole('heading', { name: many[0]?.name })).not.toBeInTheDocument();
    await scrollWindowTo(0);
    const again = within(await cardOf(many[0]?.name ?? ''));
    expect(again.getByLabelText('Alternative text')).toHaveValue('A student reading');
    expect(again.getByRole('button', { name: /^Save/ })).toBeEnabled();
  });

  it('shows a viewer the library read-only: the text, the filters, no input and no Delete', async () => {
    const api = serveMedia([used, loose]);
    await open('viewer');
    const card = within(await cardOf(used.name));
    expect(card.getByText('Students at the library', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Delete|Save)/ })).not.toBeInTheDocument();
    expect(within(await cardOf(loose.name)).getByText('None yet')).toBeInTheDocument();
    expect(screen.getByText(/You can view these but not change them\./)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Unused' })).toBeEnabled();
    expect(api.writes()).toEqual([]);
  });
});
