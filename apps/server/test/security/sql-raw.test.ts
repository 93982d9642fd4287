import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../../src/', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Request data never reaches `sql.raw`. Text spliced into SQL unbound
 * (`sql.raw`, `sql.lit`) may appear only in the schema code under src/db, which runs at start-up
 * on names from the registry and constants, never in code that handles a request.
 */
describe('unbound SQL', () => {
  it('appears only in the start-up schema code, never where requests are handled', () => {
    const offenders: string[] = [];
    let schemaUses = 0;
    for (const file of sourceFiles(SRC)) {
      const path = relative(SRC, file);
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, n) => {
          if (!/\bsql\.(raw|lit)\s*\(/.test(line)) return;
          if (path.startsWith('db/')) schemaUses += 1;
          else offenders.push(`src/${path}:${n + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(offenders).toEqual([]);
    // the scan reads real files: the schema code's own uses are found
    expect(schemaUses).toBeGreaterThan(0);
  });
});
