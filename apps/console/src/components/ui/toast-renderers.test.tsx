import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { ToastRenderers } from './toast-renderers';

describe('toast renderers, loaded on first use', () => {
  it('renders nothing until the first toast, then shows it and any raised before', async () => {
    const { container } = render(<ToastRenderers />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    act(() => {
      toast({ title: 'Settings saved successfully' });
    });
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    // by name: the notice renderer's region is there too once a test before this one loaded the notice module
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });

  it('shows a toast raised before the renderers were mounted', async () => {
    toast({ title: 'Session ended', description: 'Please sign in again.' });
    render(<ToastRenderers />);
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    expect(screen.getByText('Please sign in again.')).toBeInTheDocument();
  });

  it('mounts the notice renderer once the notice module is loaded, showing notices raised before', async () => {
    render(<ToastRenderers />);
    const { notify } = await import('./sonner');
    act(() => {
      notify.success('Upload finished');
    });
    expect(await screen.findByText('Upload finished')).toBeInTheDocument();
  });
});
