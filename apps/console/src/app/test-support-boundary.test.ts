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

async function refusals(file: string) {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(source, { filePath: resolve(root, 'apps/console/src', file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths');
}

describe('test support stays out of the console', () => {
  it('refuses @/testing and msw in a source file', async () => {
    const found = await refusals('features/users/users-roles.ts');
    expect(found.map((message) => message.message)).toEqual([
      expect.stringContaining('"@/testing/server"'),
      expect.stringContaining('"msw"'),
    ]);
  }, 60_000);

  it('allows them in a test and in its helpers', async () => {
    expect(await refusals('features/users/users-roles.test.tsx')).toEqual([]);
    expect(await refusals('features/users/users-roles.test-helpers.ts')).toEqual([]);
  }, 60_000);
});
