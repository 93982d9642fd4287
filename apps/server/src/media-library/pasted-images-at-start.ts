import type { Config } from '../config/config.ts';
import { doneMark, doneVersion, markDone } from '../db/done-marks.ts';
import type { Db } from '../db/types.ts';
import { type MoveResult, movePastedImages } from './pasted-images-move.ts';

/** Set once a whole run is done (even one that left rows: they are named once, and the command tries them again). */
const MOVED = doneMark('pasted-images');

/** The sentence a run that did something prints. */
export function moveSummary(result: MoveResult): string[] {
  const lines: string[] = [];
  if (result.records > 0) {
    lines.push(
      `Moved ${result.images} image${result.images === 1 ? '' : 's'} out of ${result.records} record${result.records === 1 ? '' : 's'} into the media store.`,
    );
  }
  for (const { where, reason } of result.left)
    lines.push(`Left the pasted images of ${where} where they are: ${reason}`);
  return lines;
}

/** Notes that a whole run is done, so later start-ups ask one row and move on. */
export const markPastedImagesMoved = (db: Db): Promise<void> => markDone(db, MOVED);

/** At start-up, after the schema migrations: one query when the images were moved before; otherwise the move. */
export async function movePastedImagesAtStart(db: Db, config: Config, print: (line: string) => void): Promise<void> {
  if ((await doneVersion(db, MOVED)) !== undefined) return;
  for (const line of moveSummary(await movePastedImages(db, config))) print(line);
  await markPastedImagesMoved(db);
}
