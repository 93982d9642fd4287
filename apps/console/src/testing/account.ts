import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { User } from '@bursary/shared';
import { renderApp } from './render';
import { makeUser } from './factories';
import { setSession } from '@/lib/session';

export type Typist = ReturnType<typeof userEvent.setup>;

export async function fill(type: Typist, label: string, text: string) {
  const field = await screen.findByLabelText(label);
  await type.clear(field);
  await type.click(field);
  await type.paste(text);
}

/** Signs in as Grace, an editor without two-factor sign-in unless `overrides` say otherwise. */
export function signInWith(overrides: Partial<User> = {}) {
  const user = makeUser({
    id: 7,
    username: 'grace',
    name: 'Grace Hopper',
    email: 'grace@example.org',
    role: 'editor',
    two_factor: false,
    ...overrides,
  });
  setSession({ user, token: 'token-1' });
  return user;
}

/** Opens /account and waits for its heading; `type` types as a user does. */
export async function openAccount() {
  const result = renderApp('/account');
  await screen.findByRole('heading', { name: 'Account', level: 1 });
  return { ...result, type: userEvent.setup() };
}

export const card = (title: string) =>
  screen.getByRole('heading', { name: title, level: 2 }).closest('.rounded-lg') as HTMLElement;
