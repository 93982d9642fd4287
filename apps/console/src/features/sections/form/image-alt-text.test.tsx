import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { SectionRecord } from '@bursary/shared';
import { renderApp, signInAs, signInWithRole } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { captureWrites, serveRecord, watchFormData } from '@/testing/section-api';
import { field } from '@/testing/form-fields';
import { makeMediaItem, serveMedia } from '@/testing/media-api';

// the alternative text beside an image field; the focal point is in components/fields/focal-point-picker.test.tsx

const user = userEvent.setup({ delay: null });

const NAME = `${'e'.repeat(64)}.png`;
const logo: SectionRecord = {
  id: 2,
  university_name: 'North University',
  image: `/media/${NAME}`,
  image_alt: 'The North crest',
};
const photo = new File(['png'], 'crest.png', { type: 'image/png' });

async function openEdit(record: SectionRecord = logo) {
  signInAs();
  serveRecord('/api/disbursement-testimonials/2', record);
  serveMedia([makeMediaItem({ name: NAME, alt: String(record.image_alt ?? '') })]);
  const sent = captureWrites('disbursement-testimonials');
  renderApp('/disbursement-testimonials/edit/2');
  await screen.findByDisplayValue('North University');
  return sent;
}

const save = () => user.click(screen.getByRole('button', { name: 'Save Changes' }));

describe("an image field's alternative text", { timeout: 15_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('is prefilled from the record, explains itself in one line and takes at most 300 characters', async () => {
    await openEdit();
    const input = field('Alternative text');
    expect(input).toHaveValue('The North crest');
    expect(input).toHaveAttribute('maxlength', '300');
    expect(input).toHaveAccessibleDescription(
      'Say what the image shows for people who cannot see it, in a short sentence. Leave out "image of".',
    );
  });

  it('is sent as image_alt with the save when changed, trimmed', async () => {
    const sent = await openEdit();
    await user.clear(field('Alternative text'));
    await user.type(field('Alternative text'), ' The North crest, gold on blue ');
    await save();
    await expectToast('Content updated successfully');
    expect(sent[0]?.json).toEqual({
      university_name: 'North University',
      image_alt: 'The North crest, gold on blue',
    });
  });

  it('is left out when untouched, so a text changed meanwhile in the media library stays', async () => {
    const sent = await openEdit();
    await save();
    await expectToast('Content updated successfully');
    expect(sent[0]?.json).toEqual({ university_name: 'North University' });
  });

  it('can be cleared', async () => {
    const sent = await openEdit();
    await user.clear(field('Alternative text'));
    await save();
    await expectToast('Content updated successfully');
    expect(sent[0]?.json).toEqual({ university_name: 'North University', image_alt: '' });
  });

  it('goes with a newly picked image in the same multipart save', async () => {
    const sent = await openEdit({ id: 2, university_name: 'North University', image: '' });
    const bodies = watchFormData();
    await user.upload(field('University Logo / Image'), photo);
    await user.type(field('Alternative text'), 'The new crest');
    await save();
    await expectToast('Content updated successfully');
    expect(sent[0]?.multipart).toBe(true);
    expect(bodies.last()?.get('image_alt')).toBe('The new crest');
    expect((bodies.last()?.get('image') as File).name).toBe('crest.png');
  });

  it('is not sent when there is no image to describe', async () => {
    const sent = await openEdit({ id: 2, university_name: 'North University', image: '' });
    await user.type(field('Alternative text'), 'Nothing here yet');
    await save();
    await expectToast('Content updated successfully');
    expect(sent[0]?.json).toEqual({ university_name: 'North University' });
  });

  it('is on the create screens too, and sent with the new image', async () => {
    signInAs();
    const sent = captureWrites('success-stories');
    const bodies = watchFormData();
    renderApp('/success-stories/create');
    await user.type(await screen.findByLabelText(/^Student Name/), 'Amara Obi');
    await user.type(field('Date'), '2024-05-01');
    // the story's rich-text toolbar has an 'Image' button too
    await user.upload(screen.getByLabelText(/^Image/, { selector: 'input[type="file"]' }), photo);
    await user.type(field('Alternative text'), 'Amara at her graduation');
    await user.click(screen.getByRole('button', { name: 'Create Content' }));
    await expectToast('Content created successfully');
    expect(sent[0]?.multipart).toBe(true);
    expect(bodies.last()?.get('image_alt')).toBe('Amara at her graduation');
  });

  it('shows a viewer the text beside the image, which it describes', async () => {
    signInWithRole('viewer');
    serveRecord('/api/disbursement-testimonials/2', logo);
    renderApp('/disbursement-testimonials/edit/2');
    expect(await screen.findByRole('img', { name: 'The North crest' })).toHaveAttribute('src', `/media/${NAME}?w=320`);
    expect(screen.getByText('Alternative text: The North crest')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
