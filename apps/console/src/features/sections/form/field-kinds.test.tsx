import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { captureWrites, serveRecord, watchFormData } from '@/testing/section-api';
import { field, labelOf } from '@/testing/form-fields';
import { makeMediaItem, serveMedia } from '@/testing/media-api';

// no pause between keystrokes: the typing is not what these tests are about
const user = userEvent.setup({ delay: null });

// the first test also loads the edit screen's lazy chunk, which is slow on a busy machine
describe('image and rich-text fields', { timeout: 15_000 }, () => {
  afterEach(() => vi.restoreAllMocks());
  const logo = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'north.svg', { type: 'image/svg+xml' });

  it("shows 'Current Image' with the file's own name, then 'New Image Preview' once a file is picked, and sends multipart", async () => {
    signInAs();
    serveMedia([makeMediaItem({ name: 'abc.png', file_name: 'north-campus.png', width: 640, height: 480 })]);
    serveRecord('/api/disbursement-testimonials/2', {
      id: 2,
      university_name: 'North University',
      image: '/media/abc.png',
    });
    const sent = captureWrites('disbursement-testimonials');
    const bodies = watchFormData();
    renderApp('/disbursement-testimonials/edit/2');
    await screen.findByDisplayValue('North University');
    expect(screen.getByText('Current Image')).toBeInTheDocument();
    // the preview is the 320-pixel copy, and the 640-pixel one on dense screens
    expect(screen.getByRole('img', { name: 'Current image' })).toHaveAttribute('src', '/media/abc.png?w=320');
    expect(screen.getByRole('img', { name: 'Current image' })).toHaveAttribute(
      'srcset',
      '/media/abc.png?w=320 1x, /media/abc.png?w=640 2x',
    );
    // the uploaded file's own name and size, never the stored address
    expect(await screen.findByText('Current file: north-campus.png, 640 × 480 px')).toBeInTheDocument();
    expect(screen.queryByText(/Current Path/)).not.toBeInTheDocument();
    expect(screen.queryByText('New Image Preview')).not.toBeInTheDocument();

    await user.upload(field('University Logo / Image'), logo);
    expect(screen.getByText('New Image Preview')).toBeInTheDocument();
    expect(screen.getByText('north.svg')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'New image preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    );
    expect(screen.queryByText('Current Image')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Current file:/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Content updated successfully');
    expect(sent).toEqual([
      { method: 'PUT', path: '/api/disbursement-testimonials/2', ifMatch: '"r1"', multipart: true },
    ]);
    const form = bodies.last();
    expect(form?.get('university_name')).toBe('North University');
    expect((form?.get('image') as File).name).toBe('north.svg');
  });

  it('keeps the stored image when no file is picked: the save sends none', async () => {
    signInAs();
    serveRecord('/api/disbursement-testimonials/2', {
      id: 2,
      university_name: 'North University',
      image: '/media/abc.png',
    });
    const sent = captureWrites('disbursement-testimonials');
    renderApp('/disbursement-testimonials/edit/2');
    await screen.findByDisplayValue('North University');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Content updated successfully');
    expect(sent[0]?.json).toEqual({ university_name: 'North University' });
  });

  it('asks for the image on create but not the student name (success stories)', async () => {
    signInAs();
    const sent = captureWrites('success-stories');
    renderApp('/success-stories/create');
    await screen.findByRole('heading', { level: 1, name: 'Create success stories' });
    expect(labelOf('Image')).toHaveTextContent('Image *');
    expect(labelOf('Student Name')).toHaveTextContent(/^Student Name$/);
    await user.type(field('Date'), '2024-03-09');
    await user.click(screen.getByRole('button', { name: 'Create Content' }));
    expect(await screen.findByText('Image is required.')).toBeInTheDocument();
    expect(screen.queryByText('Student Name is required.')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('asks for the student name on edit but not the image (success stories)', async () => {
    signInAs();
    serveRecord('/api/success-stories/3', {
      id: 3,
      student_name: 'Amina',
      student_school: 'Riverside',
      date: '2024-03-09',
      source: '',
      story: '<p>Became a nurse.</p>',
      image: null,
    });
    const sent = captureWrites('success-stories');
    renderApp('/success-stories/edit/3');
    await screen.findByDisplayValue('Amina');
    expect(labelOf('Student Name')).toHaveTextContent('Student Name *');
    expect(labelOf('Image')).toHaveTextContent(/^Image$/);
    await user.clear(field('Student Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Student Name is required.')).toBeInTheDocument();
    expect(screen.queryByText('Image is required.')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("labels the rich-text field and loads its editor with the record's HTML", async () => {
    signInAs();
    serveRecord('/api/success-stories/3', {
      id: 3,
      student_name: 'Amina',
      date: '2024-03-09',
      story: '<p>Became a <strong>nurse</strong>.</p>',
      image: null,
    });
    renderApp('/success-stories/edit/3');
    await screen.findByDisplayValue('Amina');
    const label = labelOf('Story');
    expect(label).toHaveAttribute('id', 'field-story-label');
    // Quill arrives as its own chunk, after a placeholder: wait for the editor itself
    const editor = await screen.findByRole('textbox', { name: 'Story' }, { timeout: 4000 });
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(editor.innerHTML).toBe('<p>Became a <strong>nurse</strong>.</p>');
  });
});
