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
    // Small files named for what they hold (docs/architecture.md): a source file over 400 lines
    // is a module that holds two ideas. Tests and generated fixtures are not held to it.
    files: ['electron/**/*.{ts,mts}', 'shared/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // Small functions for the same reason: a function over 120 lines (blank lines and comments
    // not counted, immediately-invoked functions included) does several jobs at once.
    files: ['electron/**/*.{ts,mts}', 'shared/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true }] },
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
  ...rendererImports(),
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
    files: ['electron/hosts/cli/*.mjs', 'electron/hosts/build/*.mjs'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly' } },
  },
);

/**
 * What the renderer never imports, in every layer: electron and Node (it reaches the core only
 * through the transport). Its layers (shell > features > components > app-state > transport,
 * lib) are hooklab/tiers', resolved from the path like the rest of the tiers.
 */
function rendererImports() {
  return [
    {
      files: ['renderer/src/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [{ name: 'electron', message: 'The renderer reaches the core only through the transport (window.hooklab).' }],
            patterns: [{ group: ['node:*', '**/electron/**'], message: 'The renderer has no Node access; use the contract.' }],
          },
        ],
      },
    },
  ];
}
