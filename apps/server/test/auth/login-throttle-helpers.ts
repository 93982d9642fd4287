/** Shared by the login throttle tests, split by subject to keep every file under 250 lines. */
export const MINUTE = 60_000;
export const PASSWORD = 'a correct long password';
