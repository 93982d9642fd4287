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

// The files named are real ones, read with the text above in their place. Only the import boundary's rule runs,
// and without type information: building the console's TypeScript program for the type-aware rules cost about
// 40 s a lint on a busy machine, and the boundary is decided by paths alone.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

async function refusals(file: string) {
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
  });

  it('allows them in a test and in its helpers', async () => {
    expect(await refusals('lib/record-text.test.ts')).toEqual([]);
    expect(await refusals('features/users/users-page.test-helpers.ts')).toEqual([]);
  });
});
