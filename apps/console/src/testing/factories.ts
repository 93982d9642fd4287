import type { LogEntry, LoginResponse, User, UserSummary } from '@bursary/shared';

let nextId = 1;

export function makeUser(overrides: Partial<User> = {}): User {
  return { id: 1, username: 'editor', name: 'Ada Editor', email: null, role: 'editor', ...overrides };
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

/** A user as GET /api/users lists it. */
export function makeUserSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: 2,
    username: 'nina',
    name: 'Nina Viewer',
    email: 'nina@example.org',
    role: 'viewer',
    disabled: false,
    two_factor: false,
    last_login_at: '2024-01-05T10:00:00.000Z',
    created_at: '2024-01-02T09:00:00.000Z',
    ...overrides,
  };
}
