import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes: the fuzzers (tens of thousands of requests each) and the ones that start servers and
 * command-line tools as processes of their own.
 */
const LONG_FILES = [/\/fuzz-[^/]*\.test\.ts$/, /-processes\.test\.ts$/, /\/user-cli\.test\.ts$/];

/**
 * Vitest orders files by the durations of the last run it remembers, and a fresh checkout (CI's) has none: it then
 * starts the largest files first, and a short file that runs for minutes starts last and runs alone while the other
 * workers wait (the route fuzz ran alone for the last 90 s of a CI run). The long files start first, in Vitest's own
 * order among themselves; every other file follows in its order.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (spec: TestSpecification) => LONG_FILES.some((pattern) => pattern.test(spec.moduleId));
    return [...sorted.filter(long), ...sorted.filter((spec) => !long(spec))];
  }
}
