import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { tiersRule } from './.ci/lint/tiers-rule.mjs';

/**
 * Besides the recommended rules, the lint keeps the architecture honest (docs/architecture.md):
 * imports point only down the tiers (hooklab/tiers: hosts > core > features > services >
 * shared, features never import each other, the emulator stands apart), services never import
 * `electron` (only the Electron host does), the renderer never touches ipcRenderer or Node, and
 * `shared/` stays free of Node and DOM-only modules. Import circles are caught by
 * .ci/lint/check-import-circles.mjs, which `npm run lint` runs after ESLint.
 */
export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    files: ['electron/**/*.{ts,mts,mjs}', 'shared/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    plugins: { hooklab: { rules: { tiers: tiersRule } } },
    rules: { 'hooklab/tiers': 'error' },
  },
  {
    // Hooks called in the same order every render, and effects that name what they read. The
    // React Compiler's rules of the plugin's v7 presets are left out: the UI is not compiled by it.
    files: ['renderer/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests read loosely-typed JSON answers of real servers; production code may not.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['electron/**/*.{ts,mjs}'],
    ignores: ['electron/hosts/desktop/**', 'electron/hosts/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Services are plain Node: only electron/hosts/desktop and electron/hosts/preload import electron.' }] },
      ],
    },
  },
  ...rendererLayers(),
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'electron', 'react', 'react-dom'], message: 'shared/ is pure TypeScript for both sides.' }] },
      ],
    },
  },
  {
    // Scripts injected into Chromium pages by benchmarks.
    files: ['test/bench/*-page.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The Electron stand-in runs as plain Node modules in the harness's host process.
    files: ['test/support/electron-standin/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['.ci/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['electron/hosts/cli/*.mjs'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly' } },
  },
);

/**
 * The renderer's layers, each importing only downward: shell (App, AreaView: composes the
 * features) > features (one folder each, never importing another feature) > components >
 * app-state (routes, URL state, stores every area shares) > transport, lib. One config object
 * per layer, all for files under renderer/src/**; each also keeps electron and Node out.
 * ESLint's no-restricted-imports also checks `import type` and `export … from`, so type-only
 * imports cannot cross a layer either. Paths are relative, hence "any number of ../ then the
 * folder" (a folder of the same name deeper down does not exist in the renderer).
 */
function rendererLayers() {
  const FEATURES = ['history', 'live', 'replay', 'sandbox', 'sequences', 'settings'];
  const base = {
    paths: [{ name: 'electron', message: 'The renderer reaches the core only through the transport (window.hooklab).' }],
    patterns: [{ group: ['node:*', '**/electron/**'], message: 'The renderer has no Node access; use the contract.' }],
  };
  const above = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message });
  const layer = (files, restricted, message) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { ...base, patterns: [...base.patterns, ...(restricted.length ? [above(restricted, message)] : [])] }] },
  });
  return [
    layer(['renderer/src/**/*.{ts,tsx}'], [], ''),
    ...FEATURES.map((feature) =>
      layer(
        [`renderer/src/features/${feature}/**/*.{ts,tsx}`],
        ['shell', 'features', ...FEATURES.filter((f) => f !== feature)],
        `A feature imports app-state, components, lib and transport, never the shell or another feature: move what two features share into components/, app-state/ or lib/ (renderer layers, eslint.config.js).`,
      ),
    ),
    layer(['renderer/src/components/**/*.{ts,tsx}'], ['shell', 'features'], 'components/ is below the features and the shell (renderer layers, eslint.config.js).'),
    layer(
      ['renderer/src/app-state/**/*.{ts,tsx}'],
      ['shell', 'features', 'components'],
      'app-state/ is below components, the features and the shell (renderer layers, eslint.config.js).',
    ),
    ...['transport', 'lib'].map((folder) =>
      layer(
        [`renderer/src/${folder}/**/*.{ts,tsx}`],
        ['shell', 'features', 'components', 'app-state', folder === 'lib' ? 'transport' : 'lib'],
        `${folder}/ is the bottom of the renderer: it imports only shared/ and packages (renderer layers, eslint.config.js).`,
      ),
    ),
  ];
}
