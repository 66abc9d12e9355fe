/**
 * ESLint flat config: typescript-eslint recommended (not type-checked: the type-checked set takes minutes on the shared 2-core
 * machines), the React hooks rules for web/, and the import boundaries of ../shared/design/conventions.md as errors
 * (scripts/lint/boundaries.js). `npm run lint` runs it; `npm test` runs lint right after typecheck.
 */
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/lint/boundaries.js';

const AWS_PACKAGES = ['@aws-sdk/', '@smithy/', '@aws-lambda-powertools/', 'aws-lambda', 'aws-cdk-lib', 'aws-cdk', 'constructs'];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'cdk.out/', 'web/dist/', '.data/', 'coverage/',
      // Generated word list (scripts/build-word-commonness.ts): one 200 kB string, nothing to lint.
      'functions/core/notes/word-commonness-data.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { boundaries },
    rules: {
      // A leading underscore marks a value left out on purpose (`const { pk: _pk, ...item } = row`).
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true,
      }],
      // Off outside core and web (on below): 111 hits, all in SDK/OpenSearch response plumbing, local emulators and test fakes.
      '@typescript-eslint/no-explicit-any': 'off',
      // A `let` assigned once, later, and read by closures made before (local/runtime.ts wires services that way) stays a let.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['functions/core/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The React Compiler advisories of recommended-latest (set-state-in-effect, refs, immutability, purity, ...) are off: the
      // SPA does not use the React Compiler, and their 10 findings need component rewrites (listed in the issue 18 note).
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // ---- Boundaries (conventions.md) ----
  {
    files: ['functions/core/**/*.ts'],
    rules: {
      'boundaries/no-import-outside': ['error', {
        forbid: ['functions/adapters', 'functions/api', 'functions/wiring', 'functions/pipeline', 'functions/realtime', 'lib', 'local'],
        forbidPackages: AWS_PACKAGES,
        because: 'functions/core imports nothing from functions/{adapters,api,wiring,pipeline,realtime}, lib, local, or any AWS package',
      }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'boundaries/no-import-outside': ['error', {
        forbid: ['functions', 'lib', 'local'],
        allow: ['functions/contracts'],
        because: 'web never imports functions, lib or local, except functions/contracts',
      }],
    },
  },
  {
    // The shared layers under the features stay under them (bulletproof-react's unidirectional codebase).
    files: ['web/src/{components,lib,api,config}/**/*.{ts,tsx}'],
    rules: {
      'boundaries/no-import-outside': ['error', {
        forbid: ['functions', 'lib', 'local', 'web/src/features', 'web/src/app'],
        allow: ['functions/contracts'],
        because: 'web never imports functions, lib or local, except functions/contracts; web/src/{components,lib,api,config} import no feature and not the app',
      }],
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'boundaries/no-import-outside': ['error', {
        forbid: ['functions', 'lib', 'local', 'web/src/app'],
        allow: ['functions/contracts'],
        because: 'web never imports functions, lib or local, except functions/contracts; features import components, lib, api, config and contracts, not ' +
          'the app',
      }],
    },
  },
  {
    files: ['lib/**/*.ts'],
    rules: {
      'boundaries/no-import-outside': ['error', {
        forbid: ['functions', 'local'],
        because: 'lib (CDK) never imports handler code (it points at entry files by path) and nothing imports local',
      }],
    },
  },
  {
    files: ['functions/**/*.ts', 'bin/app.ts'],
    ignores: ['functions/core/**'],
    rules: {
      'boundaries/no-import-outside': ['error', {
        forbid: ['local'],
        because: 'nothing imports local except bin/local.ts, scripts and tests',
      }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'boundaries/no-sibling-import': ['error', { root: 'web/src/features' }] },
  },
  {
    // Adapters implement ports and compose no use case (issue 34): the composition lives in functions/wiring.
    files: ['functions/adapters/**/*.ts'],
    rules: {
      'boundaries/no-use-case-import': ['error', { core: 'functions/core' }],
      'boundaries/no-import-outside': ['error', {
        forbid: ['functions/wiring', 'functions/api', 'functions/pipeline', 'functions/realtime', 'local'],
        because: 'adapters implement ports: they import core ports and models and other adapters, never the wiring, handlers or local',
      }],
    },
  },
  {
    // Route files import the wiring, core and contracts, never an adapter (issue 34): what a route runs is a use case, and
    // what it runs on is built in functions/wiring (one wiring module per function: docs/architecture.md).
    files: ['functions/api/**/*.ts'],
    rules: {
      'boundaries/no-import-outside': ['error', {
        forbid: ['functions/adapters', 'functions/pipeline', 'functions/realtime', 'local'],
        because: 'functions/api imports functions/wiring, core and contracts: no adapter, pipeline task, realtime handler or local',
      }],
    },
  },
  {
    // Only functions/adapters (and local/, lib/, bin/, scripts/, test/) construct AWS SDK clients.
    files: ['functions/**/*.ts', 'web/**/*.{ts,tsx}'],
    ignores: ['functions/adapters/**'],
    rules: { 'boundaries/no-aws-client': 'error' },
  },

  // ---- Size (issue 34): outside tests no function over 80 lines and no line over 160 characters (a regular expression may be longer) ----
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['test/**'],
    rules: {
      // A regular expression, or a String.raw source of one, may be longer: a cut pattern reads worse than a long one.
      'max-len': ['error', { code: 160, ignoreRegExpLiterals: true, ignorePattern: 'String\\.raw`' }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
);
