/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The sign-in and dashboard screens load no rich-text editor code. This
 * walks the static imports of their route modules (dynamic `import()` starts a separate chunk,
 * so it is not followed) and fails if the editor is reachable.
 */
const srcDir = resolve(import.meta.dirname, '..');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const EDITOR_PACKAGES = /^(quill|react-quill|react-quill-new|quill-[\w-]+)(\/|$)/;

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(srcDir, specifier.slice(2)) : resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith('/') && candidate.match(/\.(ts|tsx)$/)) return candidate;
  }
  return null;
}

function staticPackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
      if (specifier.startsWith('.') || specifier.startsWith('@/')) {
        const local = resolveLocal(file, specifier);
        if (local) stack.push(local);
      } else {
        packages.add(specifier);
      }
    }
  }
  return packages;
}

describe('bundle boundaries', () => {
  it.each([
    ['sign-in', 'features/auth/sign-in-page.tsx'],
    ['dashboard', 'features/dashboard/dashboard-page.tsx'],
    ['signed-in layout', 'app/signed-in-layout.tsx'],
    ['section descriptions', 'app/console-sections.tsx'],
    ['app shell', 'main.tsx'],
  ])('the %s chunk reaches no rich-text editor code', (_name, entry) => {
    const packages = staticPackages(join(srcDir, entry));
    expect(packages.size).toBeGreaterThan(0);
    expect([...packages].filter((p) => EDITOR_PACKAGES.test(p))).toEqual([]);
  });

  it('finds the editor when a module does import it (the check can fail)', () => {
    const probe = [...'import Quill from "quill";\nimport { x } from \'./y\';'.matchAll(STATIC_IMPORT)].map(
      (m) => m[1],
    );
    expect(probe).toEqual(['quill', './y']);
  });
});
