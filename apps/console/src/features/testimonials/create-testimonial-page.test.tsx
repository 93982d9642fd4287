import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { field } from '@/testing/form-fields';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { captureWrites, serveRecord, watchFormData } from '@/testing/section-api';

const user = userEvent.setup({ delay: null, applyAccept: false });
const submit = () => screen.getByRole('button', { name: 'Create Testimonial' });

describe('Create Testimonial', () => {
  afterEach(() => vi.restoreAllMocks());

  it('warns while the name is blank, refuses other file types, then sends the logo', async () => {
    signInAs();
    serveRecord('/api/disbursement-testimonials', []);
    const sent = captureWrites('disbursement-testimonials');
    const bodies = watchFormData();
    renderApp('/create-testimonial');
    expect(await screen.findByRole('heading', { level: 2, name: 'Testimonial Details' })).toBeInTheDocument();
    await user.type(field('University Name'), '  ');
    expect(await screen.findByText('University Name is required.')).toHaveClass('text-amber-700');
    expect(submit()).toBeDisabled();
    await user.type(field('University Name'), 'North University ');
    expect(screen.queryByText('University Name is required.')).not.toBeInTheDocument();

    await user.upload(field('University Logo / Image'), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please choose a PNG, JPEG, GIF, WebP or SVG image.')).toBeInTheDocument();
    await user.upload(field('University Logo / Image'), new File(['<svg/>'], 'north.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('north.svg')).toBeInTheDocument();
    await user.click(submit());
    await expectToast('Testimonial created successfully.');
    expect(sent).toEqual([{ method: 'POST', path: '/api/disbursement-testimonials', ifMatch: null, multipart: true }]);
    expect(bodies.last()?.get('university_name')).toBe('North University');
  });
});
