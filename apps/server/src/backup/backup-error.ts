/** A backup file that cannot be used, with a sentence saying why. */
export class BackupError extends Error {}
