import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Imports flow one way, shared -> components/lib -> features -> app, and a feature
// imports no other feature but the generic engine in features/sections. Every features/<name>
// folder gets its zone, so a new one is covered without a line here.
const consoleSrc = './apps/console/src';
const features = readdirSync(new URL('apps/console/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `${consoleSrc}/features/${name}`,
  from: `${consoleSrc}/features`,
  except: name === 'sections' ? ['./sections'] : [`./${name}`, './sections'],
  message:
    name === 'sections'
      ? 'features/sections is the generic engine: it knows no particular section (put the quirk in features/<name>)'
      : 'a feature imports only features/sections, components, lib and @bursary/shared',
}));
const layerZones = [
  {
    target: `${consoleSrc}/features`,
    from: `${consoleSrc}/app`,
    message: 'features are composed by app, never the other way',
  },
  ...['components', 'lib'].map((layer) => ({
    target: `${consoleSrc}/${layer}`,
    from: [`${consoleSrc}/features`, `${consoleSrc}/app`],
    message: `${layer} sits below the features and imports none of them`,
  })),
  {
    target: `${consoleSrc}/lib`,
    from: `${consoleSrc}/components`,
    message: 'lib sits below components and imports none of them (a notice the user sees goes through lib/toast)',
  },
  { target: './packages/shared/src', from: './apps', message: 'packages/shared is pure: it imports neither app' },
];
// Test support (src/testing, *.test-helpers.ts, the test set-up) fakes the server and renders the app;
// the console the browser runs never imports it, nor the request mocking library under it.
const testSupportZones = [
  {
    target: [`${consoleSrc}/{app,components,features,lib}/**/*`, `${consoleSrc}/main.tsx`],
    from: [`${consoleSrc}/testing/**/*`, './node_modules/msw/**/*'],
    message: 'test support (@/testing, msw) is for tests only: name a file that needs it *.test-helpers.ts',
  },
];

// The server's folders form layers, lowest first; a folder imports only the layers before it. The
// list and each layer's description live in apps/server/layers.json, which the server's README must
// follow (a test checks it). The files at the root of src compose them all into the app, and only cli/
// (the commands) is above them. Every folder must have a place, so a new one cannot slip past the zones.
const serverSrc = './apps/server/src';
const serverLayers = JSON.parse(readFileSync(new URL('apps/server/layers.json', import.meta.url), 'utf8')).map(
  ([folder]) => folder,
);
const serverEntries = readdirSync(new URL('apps/server/src', import.meta.url), { withFileTypes: true });
const unplaced = serverEntries.filter((entry) => entry.isDirectory() && !serverLayers.includes(entry.name));
if (unplaced.length > 0)
  throw new Error(`eslint.config.js: give apps/server/src/${unplaced[0].name} its place in apps/server/layers.json`);
const serverRootFiles = serverEntries.filter((entry) => entry.isFile()).map((entry) => `${serverSrc}/${entry.name}`);
const serverZones = serverLayers.slice(0, -1).map((folder, index) => ({
  target: `${serverSrc}/${folder}`,
  from: [...serverLayers.slice(index + 1).map((upper) => `${serverSrc}/${upper}`), ...serverRootFiles],
  message: `the server's ${folder}/ imports only the folders below it (${serverLayers.slice(0, index).join(', ') || 'none'})`,
}));
// the root files compose every folder but cli/, which is above them (it starts the server as a command does)
serverZones.push({
  target: serverRootFiles,
  from: `${serverSrc}/${serverLayers.at(-1)}`,
  message: `the files at the root of the server's src compose the folders below ${serverLayers.at(-1)}/, which is above them`,
});
const typeScriptImports = (projects) => ({
  // the dependencies' own files are read as TypeScript too, or cycles through them go unseen
  'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
  'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: projects, noWarnOnMultipleProjects: true })],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench-results/**',
      'apps/website/.astro/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/console/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/console/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    // tests and their support compose the whole app, as the running console does
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-helpers.ts', '**/test-setup.ts'],
    plugins: { 'import-x': importX },
    settings: typeScriptImports(['apps/console/tsconfig.json', 'packages/shared/tsconfig.json']),
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...layerZones, ...testSupportZones] }],
      // dynamic import() counts too: a section's page is given its section, it never imports its description back
      'import-x/no-cycle': 'error',
    },
  },
  {
    // a promise nobody awaits loses its error and its ordering: the type checker knows which calls return one
    files: [
      'apps/server/src/**/*.ts',
      'apps/console/src/**/*.{ts,tsx}',
      'packages/shared/src/**/*.ts',
      'apps/website/{src,server}/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/*.d.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: typeScriptImports(['apps/server/tsconfig.json']),
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
      'import-x/no-cycle': 'error',
      // an ES import of either reads node:http's WebSocket export, which loads Node's fetch implementation for good
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['node:http', 'node:https', 'http', 'https'].map((name) => ({
            name,
            message: 'Use http and https from lib/node-http.ts: an ES import of this module loads fetch for good.',
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
  {
    // the fund's website reads Bursary through @bursary/client and the public API alone, as a website elsewhere does
    files: ['apps/website/{src,server}/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@bursary/server', '@bursary/server/**', '**/packages/*/src/**'],
              message: 'The website reads Bursary only through @bursary/client and the public API.',
            },
          ],
        },
      ],
    },
  },
);
