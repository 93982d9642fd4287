import type { LogEntry, LoginResponse, User } from '@bursary/shared';

let nextId = 1;

export function makeUser(overrides: Partial<User> = {}): User {
  return { id: 1, username: 'editor', name: 'Ada Editor', email: null, ...overrides };
}

export function makeLog(overrides: Partial<LogEntry> = {}): LogEntry {
  const id = nextId++;
  return {
    id,
    action: 'update',
    content: `FAQ "Question ${id}" updated`,
    section: 'faqs',
    record_id: id,
    username: 'editor',
    created_at: '2024-01-05T10:00:00.000Z',
    updated_at: '2024-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function makeLoginResponse(user: User = makeUser()): LoginResponse {
  return { token: 'token-123', user, message: 'Login successful' };
}
