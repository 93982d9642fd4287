/**
 * The test apps not yet closed, closed after each file by test/setup.ts. Kept apart from the helper
 * so that the setup file loads none of the app: a test file's vi.mock of a server module must come
 * before anything imports it.
 */
export const openTestApps = new Set<() => Promise<void>>();

/** Closes every test app the file left open: a test builds an app and need not remember to close it. */
export async function closeOpenTestApps(): Promise<void> {
  await Promise.all([...openTestApps].map((close) => close()));
}
