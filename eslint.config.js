// @ts-check
// The architecture's rules (../shared/design/architecture.md), checked by the linter instead of by
// care: `npm test` runs `npm run lint`, and test/unit/lint/rules.test.ts proves each rule still fails a
// file that breaks it.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One import style for the project's own modules: from the root, by `@/`, wherever the importer sits. */
const RELATIVE_IMPORTS = {
  group: ['./*', '../*', '.', '..'],
  message: "Import the project's own modules from the root, as '@/folder/module' (one style: a module reads the same wherever it is imported from).",
};

/** `lib/` is framework-free: it never reaches into the extension's pages or React components. */
const LIB_BOUNDARY = {
  group: ['@/components', '@/components/*', '@/entrypoints', '@/entrypoints/*'],
  message: 'lib/ imports nothing from components/ or entrypoints/: move what both need into lib/.',
};

export default tseslint.config(
  { ignores: ['node_modules/', '.output/', '.output-e2e/', '.wxt/', 'test-results/', 'playwright-report/', '.demo/', 'sandbox/.state/', 'docs/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, ...globals.webextensions },
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads TypeScript files only where told to (otherwise no circle is ever found).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // `_name` says "received, deliberately unused"; `{ omitted, ...rest }` is how a field is left out.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': ['error', { patterns: [RELATIVE_IMPORTS] }],
    },
  },
  {
    files: ['lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [RELATIVE_IMPORTS, LIB_BOUNDARY] }],
    },
  },
  {
    files: ['components/**/*.tsx', 'entrypoints/**/*.tsx', 'test/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['components/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}', 'test/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Playwright reads a fixture's first parameter as a pattern: one needing no other fixture is `{}`.
    files: ['test/e2e/**/*.ts', 'test/firefox/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Tool configuration is loaded before the `@/` alias exists (it is what declares it).
    files: ['*.config.{ts,js}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
