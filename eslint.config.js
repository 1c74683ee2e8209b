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

/**
 * (`@(name)` is a one-name glob: import-x wants a zone's paths all globs or none.)
 * Where code runs, read from its path (lib/README.md): `worker/`, `page/`, `content/` and
 * `offscreen/` below a feature's folder, the worker's own root in lib/worker, the gateway client in
 * lib/api. A feature's root files and its `contract.ts` are shared by its contexts.
 */
const WORKER = ['lib/worker/**', 'lib/*/worker/**', 'lib/api/**', 'entrypoints/@(background).ts'];
const CONTENT = ['lib/*/content/**', 'entrypoints/*.content.ts'];
const OFFSCREEN = ['lib/*/offscreen/**', 'entrypoints/offscreen/**'];
const PAGE_LIB = ['lib/*/page/**'];
const PAGE_UI = ['components/**', 'entrypoints/!(offscreen)/**', 'entrypoints/@(popup-first).ts'];
const CONTRACTS = ['lib/*/contract.ts', 'lib/*/*-contract.ts', 'lib/contracts/**'];
const SHARED = ['lib/platform/**', 'lib/identity/**', 'lib/enrichment/**'];

/**
 * The architecture's "never" rules as zones. import-x checks every import declaration, type-only
 * ones included: a type that crosses a boundary drags its module's meaning with it.
 */
const ZONES = [
  {
    target: CONTENT,
    from: [...WORKER, ...PAGE_LIB, ...PAGE_UI, ...OFFSCREEN, 'lib/platform/storage/**'],
    message: 'Content scripts never reach worker, page or storage code (they run in a web page, where the vault is not theirs): share a type through the feature’s contract.ts.',
  },
  {
    target: OFFSCREEN,
    from: [...WORKER, ...PAGE_LIB, ...PAGE_UI, ...CONTENT, 'lib/platform/storage/**'],
    message: 'The offscreen document only writes the clipboard: it reaches no worker, page, content-script or storage code.',
  },
  {
    target: [...PAGE_LIB, ...PAGE_UI],
    from: [...WORKER, ...CONTENT, ...OFFSCREEN],
    message: 'Pages never reach the gateway client or worker code: ask the worker through the feature’s contract.',
  },
  {
    target: PAGE_UI,
    from: ['lib/platform/storage/**'],
    message: 'Screens never use the storage layer: they read through their feature’s readers (its store, or lib/<feature>/page/).',
  },
  {
    target: WORKER,
    from: [...PAGE_LIB, ...PAGE_UI, ...CONTENT, ...OFFSCREEN],
    message: 'The worker never reaches page or content-script code: move what both need to the feature’s root.',
  },
  {
    target: CONTRACTS,
    from: [...WORKER, ...PAGE_LIB, ...PAGE_UI, ...CONTENT, ...OFFSCREEN],
    message: 'A contract imports no implementation: declare the type in the contract and let the implementation import it.',
  },
  {
    target: SHARED,
    from: ['lib/!(platform|identity|enrichment)/**', 'components/**', 'entrypoints/**'],
    message: 'Shared code knows no feature: the feature passes what it needs in, or the worker’s composition root assembles it.',
  },
  {
    // The root's files, and its folders that are no context (lib/crm/outbox/, lib/crm/web-auth/, ...).
    target: ['lib/!(worker|api|platform|identity|enrichment|contracts)/*.ts', 'lib/!(worker|api|platform|identity|enrichment|contracts)/!(worker|page|content|offscreen)/**'],
    from: [...WORKER, ...PAGE_LIB, ...PAGE_UI, ...CONTENT, ...OFFSCREEN],
    message: 'A feature’s root is shared by its contexts: it reaches none of them.',
  },
];

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
    files: ['lib/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: ZONES }] },
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
