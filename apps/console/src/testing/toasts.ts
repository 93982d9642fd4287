import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

interface ExpectedToast {
  description?: string;
  destructive?: boolean;
}

/**
 * Waits for the toast titled `title` and checks its description and style (error
 * toasts use the 'destructive' style). Returns the toast's element.
 */
export async function expectToast(
  title: string,
  { description, destructive = false }: ExpectedToast = {},
): Promise<HTMLElement> {
  const titleNode = await screen.findByText(title, { selector: 'li[data-state] *' });
  const toast = titleNode.closest('li') as HTMLElement;
  if (destructive) expect(toast).toHaveClass('destructive');
  else expect(toast).not.toHaveClass('destructive');
  if (description !== undefined) expect(within(toast).getByText(description)).toBeInTheDocument();
  return toast;
}
