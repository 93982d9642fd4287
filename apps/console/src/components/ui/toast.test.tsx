import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, toastReducer, type ToastItem } from '@/lib/toast-store';
import { resetToasts, toast, useToast } from '@/lib/toast';
import { Toaster } from './toaster';
import { TOAST_DURATION, TOAST_SWIPE_THRESHOLD } from './toast';
import { NOTIFY_OPTIONS } from './sonner';

const item = (id: string, extra: Partial<ToastItem> = {}): ToastItem => ({ id, open: true, title: `T${id}`, ...extra });

describe('toast list', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the spec constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(NOTIFY_OPTIONS).toEqual({ visibleToasts: 3, duration: 4000, width: 356, gap: 14, offset: 32 });
  });

  it('adds a toast open and shows at most one, newest first', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: item('1') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: item('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
    expect(state.toasts[0]?.open).toBe(true);
  });

  it('merges an update into the toast with the same id', () => {
    const state = toastReducer(
      { toasts: [item('1', { description: 'old', variant: 'default' })] },
      {
        type: 'UPDATE_TOAST',
        toast: { id: '1', description: 'new' },
      },
    );
    expect(state.toasts[0]).toMatchObject({ id: '1', title: 'T1', description: 'new', variant: 'default' });
  });

  it('closes on dismiss and removes after the removal delay', () => {
    vi.useFakeTimers();
    resetToasts();
    const handle = toast({ title: 'Saved' });
    const seen: ToastItem[][] = [];
    function Probe() {
      seen.push(useToast().toasts);
      return null;
    }
    render(<Probe />);
    act(() => handle.dismiss());
    expect(seen.at(-1)?.[0]).toMatchObject({ id: handle.id, open: false });
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(seen.at(-1)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(seen.at(-1)).toHaveLength(0);
  });

  it('gives each toast a counter id as a string', () => {
    const a = toast({ title: 'a' });
    const b = toast({ title: 'b' });
    expect(Number(b.id)).toBe(Number(a.id) + 1);
  });

  it('renders title, description and the destructive style, and closes on its button', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Login failed', description: 'Nope', variant: 'destructive' });
    });
    const title = await screen.findByText('Login failed');
    expect(screen.getByText('Nope')).toBeInTheDocument();
    const root = title.closest('li');
    expect(root).toHaveClass('destructive');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
  });
});
