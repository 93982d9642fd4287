import { loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { movePastedImages } from '../media-library/pasted-images-move.ts';
import { markPastedImagesMoved, moveSummary } from '../media-library/pasted-images-at-start.ts';
import { CliError } from './password-input.ts';
import { runBackupCommand } from './backup-report.ts';

/**
 * `npm run move-pasted-images`: moves the images that rich text still holds as data URLs into the
 * media store, as the server does once at start-up. For running it ahead of a start, or again for
 * the records a run left (it always looks at every record). Safe while the server runs.
 * Exit codes: 0 done, 1 failed, 2 wrong usage.
 */
const USAGE = `Usage:
  npm run move-pasted-images
Moves the images pasted into rich text and stored as data URLs (records, drafts and waiting
changes) into the media store, in batches. Safe to run while the server runs, and to run again.`;

async function run(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) return console.log(USAGE);
  if (argv.length > 0)
    throw new CliError('move-pasted-images takes no arguments. See: npm run move-pasted-images -- --help', 2);
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    const result = await movePastedImages(db, config, {
      afterBatch: ({ images, records }) => console.log(`  ${images} images out of ${records} records so far…`),
    });
    const lines = moveSummary(result);
    for (const line of lines.length > 0
      ? lines
      : ['No pasted images to move: every rich text names its images by /media/ URL.'])
      console.log(line);
    await markPastedImagesMoved(db);
  } finally {
    await db.destroy();
  }
}

await runBackupCommand(() => run(process.argv.slice(2)));
