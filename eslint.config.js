import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The rules that keep the house as ADR 015 laid it out (docs/decisions/015-feature-wings.md):
 * no import cycles, no route importing another route, each feature wing importing only the wings
 * below it, the browser's code never importing server modules or the schema library. Style is
 * Prettier's (`.prettierrc.json`), not ESLint's: the few other rules here catch mistakes.
 */

/**
 * Which wings each wing may import (app/features/<wing>/). Anything may import app/lib and
 * contract/; app/lib imports no wing. A wing lower in this list never imports one above it, so the
 * wings cannot form a circle either.
 */
const WINGS = {
  shell: [],
  entry: ['shell'],
  account: ['entry', 'shell'],
  tools: ['entry', 'shell'],
  ulez: ['tools', 'entry', 'shell'],
  mot: ['tools', 'entry', 'shell'],
  tax: ['tools', 'entry', 'shell'],
  tracker: ['account', 'entry', 'shell'],
  // The seller's sale, from the offer to being paid: the vehicle page shows where it is, and the
  // profile leads into it, so the vehicle wing stands above it.
  sale: ['account', 'entry', 'shell'],
  vehicle: ['sale', 'mot', 'account', 'entry', 'shell'],
  content: ['entry', 'shell'],
  dev: ['shell'],
};

const wingZones = Object.entries(WINGS).flatMap(([wing, allowed]) =>
  Object.keys(WINGS)
    .filter((other) => other !== wing && !allowed.includes(other))
    .map((other) => ({
      target: `./app/features/${wing}`,
      from: `./app/features/${other}`,
      message: `The ${wing} wing may import only ${allowed.length ? allowed.join(', ') : 'no other wing'} (eslint.config.js WINGS).`,
    })),
);

/**
 * The platform's wings (platform/src/<wing>/), in the same way. Its infrastructure (the modules at
 * platform/src/ but index.ts and dev.ts, which register every wing's handlers) and the simulated
 * providers (platform/src/providers/) import no wing.
 */
const PLATFORM_WINGS = {
  // What the seller is told (templates, short links): the wings that tell them import it.
  notify: [],
  shell: [],
  tracker: ['shell'],
  entry: ['tracker', 'shell'],
  account: ['entry', 'tracker', 'shell', 'notify'],
  ulez: [],
  mot: [],
  tax: [],
  sale: ['entry', 'shell', 'notify'],
};

const platformZones = [
  ...Object.entries(PLATFORM_WINGS).flatMap(([wing, allowed]) =>
    Object.keys(PLATFORM_WINGS)
      .filter((other) => other !== wing && !allowed.includes(other))
      .map((other) => ({
        target: `./platform/src/${wing}`,
        from: `./platform/src/${other}`,
        message: `The platform's ${wing} wing may import only ${allowed.length ? allowed.join(', ') : 'no other wing'} (eslint.config.js PLATFORM_WINGS).`,
      })),
  ),
  ...readdirSync(new URL('./platform/src', import.meta.url))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !['index.ts', 'dev.ts'].includes(name))
    .map((name) => `./platform/src/${name}`)
    .concat('./platform/src/providers', './platform/src/records')
    .map((target) => ({
      target,
      from: Object.keys(PLATFORM_WINGS).map((wing) => `./platform/src/${wing}`),
      message: "The platform's infrastructure and providers import no wing: index.ts and dev.ts put the wings together.",
    })),
];

const SOURCES = ['app/**/*.{ts,tsx}', 'contract/**/*.ts', 'platform/src/**/*.ts', 'server.ts'];

const TESTS = ['**/*.test.ts', 'tests/**', 'e2e/**'];

export default tseslint.config(
  {
    ignores: ['build/**', 'public/build/**', 'platform/dist/**', 'node_modules/**', 'app/generated/**', 'test-results/**', '.wrangler/**'],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // So that no-cycle reads the TypeScript modules it follows.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.js', '.mjs'] },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'none', ignoreRestSiblings: true, varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'import-x/no-duplicates': 'error',
      'no-debugger': 'error',
    },
  },
  {
    files: SOURCES,
    ignores: TESTS,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...wingZones,
            ...platformZones,
            // A route module is only ever loaded by the router: what two routes share lives beside them.
            {
              target: './app',
              from: './app/features/*/routes/**',
              message: 'A route module is imported by no module: move what is shared out of it.',
            },
            {
              target: './app',
              from: './app/root.tsx',
              message: 'The root route is imported by no module (its data: features/shell/root-data).',
            },
            { target: './app/lib', from: './app/features', message: 'app/lib is the infrastructure: it imports no feature wing.' },
            {
              target: './contract',
              from: ['./app', './platform', './server.ts'],
              message: 'contract/ is shared by both workers and imports neither.',
            },
            {
              target: './platform',
              from: ['./app', './server.ts'],
              message: 'The platform never imports the app: they meet in contract/.',
            },
            {
              target: ['./app', './server.ts'],
              from: './platform',
              message: 'The app never imports the platform: they meet in contract/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Code the browser loads: every module of the app but server modules, route modules (whose
    // loaders and actions the browser build strips) and the server's entry.
    files: ['app/**/*.{ts,tsx}'],
    ignores: [...TESTS, '**/*.server.{ts,tsx}', 'app/features/*/routes/**', 'app/root.tsx', 'app/entry.server.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The exceptions are the server-rendered markup of ADR 012 (docs/decisions/012-server-markup.md):
              // modules the browser build empties on purpose, whose output the page keeps as the
              // document brought it (the chunk watch too: ADR 024). A new one is added here, on purpose.
              group: [
                '**/*.server',
                '**/*.server.*',
                '!**/styles.server',
                '!**/shell-links.server',
                '!**/home-static.server',
                '!**/chunk-watch.server',
              ],
              allowTypeImports: true,
              message: 'Browser code never imports a .server module (its types only): the browser gets an empty module in its place.',
            },
            {
              group: ['zod', '@conform-to/zod'],
              allowTypeImports: true,
              message: 'The schema library stays on the server: the browser checks with the rules schemas use.',
            },
          ],
        },
      ],
    },
  },
  {
    // Route modules: a schema at their top level would take zod into the browser's bundle too.
    files: ['app/features/*/routes/**/*.{ts,tsx}', 'app/root.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', '@conform-to/zod'],
              allowTypeImports: true,
              message: 'Schemas live in .server modules: one at a route module’s top level ships zod to the browser.',
            },
          ],
        },
      ],
    },
  },
  {
    // The storage layer (docs/decisions/033): SQL lives in the wings' stores (store.ts,
    // *-store.ts) and in the records below the wings (platform/src/records/), nowhere else.
    files: ['platform/src/**/*.ts'],
    ignores: [...TESTS, 'platform/src/**/store.ts', 'platform/src/**/*-store.ts', 'platform/src/records/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: 'SQL lives in a store (the wing’s store.ts or *-store.ts, or platform/src/records/): call the store from here.',
        },
      ],
    },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
);
