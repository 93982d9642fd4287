/// <reference types="node" />
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The console the browser runs never imports test support: the lint configuration refuses
 * `@/testing` and msw in a source file, and allows them in tests and their *.test-helpers.ts.
 */
const root = resolve(import.meta.dirname, '../../../..');
const source =
  "import { server } from '@/testing/server';\nimport { http } from 'msw';\nexport const both = [server, http];\n";

// The files named are real ones, read with the text above in their place: the type-aware parser answers only
// for a file its TypeScript project holds.
async function refusals(file: string) {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(source, { filePath: resolve(root, 'apps/console/src', file) });
  const messages = result?.messages ?? [];
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${file} was not linted: ${fatal.message}`);
  return messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths');
}

describe('test support stays out of the console', () => {
  it('refuses @/testing and msw in a source file', async () => {
    const found = await refusals('lib/record-text.ts');
    expect(found.map((message) => message.message)).toEqual([
      expect.stringContaining('"@/testing/server"'),
      expect.stringContaining('"msw"'),
    ]);
  }, 60_000);

  it('allows them in a test and in its helpers', async () => {
    expect(await refusals('lib/record-text.test.ts')).toEqual([]);
    expect(await refusals('features/users/users-page.test-helpers.ts')).toEqual([]);
  }, 60_000);
});
