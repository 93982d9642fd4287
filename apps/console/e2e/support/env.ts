/**
 * The server the suite drives: its own port and a first user whose credentials the suite knows
 * (ADMIN_USERNAME and ADMIN_PASSWORD seed the first user of an empty database).
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 3200);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const ADMIN_USERNAME = 'e2e-editor';
export const ADMIN_PASSWORD = 'a long e2e password 2026';
/**
 * The width and height of the images the server is started with that nothing uses (unused-images.ts), which no
 * test's upload has: the library's 'unused' filter also takes images that only a deleted record's history keeps.
 */
export const UNUSED_IMAGE_SIZE = 24;
