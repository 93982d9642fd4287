import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { serveRecord } from '@/testing/section-api';
import { makeMediaItem, serveMedia } from '@/testing/media-api';

const user = userEvent.setup({ delay: null });

const NAME = `${'f'.repeat(64)}.jpg`;

async function openHeroEdit(focal = { focal_x: 0.2, focal_y: 0.3 }, refuse?: Parameters<typeof serveMedia>[1]) {
  signInAs();
  serveRecord('/api/heroes', [{ id: 1, title: 'Welcome', image: `/media/${NAME}`, image_alt: 'A garden' }]);
  // the image is on the library's second page: the picker looks further than the first
  const newer = Array.from({ length: 48 }, (_, i) => makeMediaItem({ name: `${String(i).padStart(64, '0')}.png` }));
  const api = serveMedia([...newer, makeMediaItem({ name: NAME, ...focal })], refuse);
  renderApp('/heroes/edit/1');
  const slider = await screen.findByRole('slider', { name: 'Focal point' });
  await waitFor(() => expect(slider).not.toHaveAttribute('aria-disabled'));
  return { slider, api };
}

/** The preview as the browser lays it out: 200 × 100 pixels at the page's top left. */
function layOut(slider: HTMLElement) {
  vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 200, height: 100 }));
}

// the rich-text toolbar has an 'Image' button too
const imageInput = () => screen.getByLabelText('Image', { selector: 'input[type="file"]' });

const patches = (api: ReturnType<typeof serveMedia>) => api.writes().map((call) => [call.method, call.path, call.json]);

describe('the focal point of a stored image', { timeout: 15_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it("starts from the library's point, marked on the preview and told in words", async () => {
    const { slider } = await openHeroEdit();
    expect(slider).toHaveAttribute('aria-valuetext', '20% across, 30% down');
    expect(slider).toHaveAccessibleDescription(/Focal point: 20% across, 30% down\. Click the image or use the arrow/);
    expect(slider).toHaveAttribute('tabindex', '0');
    expect(screen.getByTestId('focal-marker')).toHaveStyle({ left: '20%', top: '30%' });
  });

  it('is set by a click and saved at once with PATCH', async () => {
    const { slider, api } = await openHeroEdit();
    layOut(slider);
    await user.pointer({ keys: '[MouseLeft]', target: slider, coords: { clientX: 50, clientY: 75 } });
    expect(slider).toHaveAttribute('aria-valuetext', '25% across, 75% down');
    expect(screen.getByTestId('focal-marker')).toHaveStyle({ left: '25%', top: '75%' });
    expect(await screen.findByText('Focal point saved.')).toBeInTheDocument();
    expect(patches(api)).toEqual([['PATCH', `/api/media/${NAME}`, { focal_x: 0.25, focal_y: 0.75 }]]);
  });

  it('moves with the arrow keys, 5% a press and 1% with Shift, and saves once they rest', async () => {
    const { slider, api } = await openHeroEdit();
    // the next stop after the file input
    imageInput().focus();
    await user.tab();
    expect(slider).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}{Shift>}{ArrowLeft}{/Shift}');
    expect(slider).toHaveAttribute('aria-valuetext', '29% across, 35% down');
    expect(await screen.findByText('Focal point saved.')).toBeInTheDocument();
    expect(patches(api)).toEqual([['PATCH', `/api/media/${NAME}`, { focal_x: 0.29, focal_y: 0.35 }]]);
  });

  it('stops at the edges of the image', async () => {
    const { slider, api } = await openHeroEdit({ focal_x: 0.98, focal_y: 0.02 });
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuetext', '100% across, 0% down');
    await waitFor(() => expect(patches(api)).toEqual([['PATCH', `/api/media/${NAME}`, { focal_x: 1, focal_y: 0 }]]));
  });

  it("goes back to the saved point and tells the server's reason when the save is refused", async () => {
    const refuse = () =>
      HttpResponse.json({ message: 'focal_x must be from 0 to 1.', error: 'Bad Request' }, { status: 400 });
    const { slider } = await openHeroEdit(undefined, { refuse });
    layOut(slider);
    await user.pointer({ keys: '[MouseLeft]', target: slider, coords: { clientX: 100, clientY: 50 } });
    await expectToast('Focal point not saved', { destructive: true, description: 'focal_x must be from 0 to 1.' });
    expect(slider).toHaveAttribute('aria-valuetext', '20% across, 30% down');
  });

  it('is offered on a newly picked image, kept with the form until the save stores the image', async () => {
    const { api } = await openHeroEdit();
    await user.upload(imageInput(), new File(['png'], 'new.png', { type: 'image/png' }));
    const slider = await screen.findByRole('slider', { name: 'Focal point' });
    expect(slider).toHaveAccessibleDescription(/it is saved with the image\.$/);
    layOut(slider);
    await user.pointer({ keys: '[MouseLeft]', target: slider, coords: { clientX: 50, clientY: 75 } });
    expect(slider).toHaveAttribute('aria-valuetext', '25% across, 75% down');
    expect(patches(api)).toEqual([]);
  });
});
