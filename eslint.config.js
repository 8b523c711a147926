// ESLint for the whole repository: typescript-eslint (strict, with type information for the rules
// that need it) and the import boundaries of the layout (see README "How it fits together").
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Backend modules whose index.js is the only way in: all of them. An index exports what other modules use, never a module's
 * API-only Nest module (DriversModule, TeamsApiModule, StewardingModule; core.module.ts wires those from their files), so
 * loading one module's face never loads a module that needs it back before its classes exist.
 */
const WALLED_MODULES = [
  'audit',
  'auth',
  'bidding',
  'calendar',
  'catalogue',
  'community',
  'competitions',
  'discord-bot',
  'discord-roles',
  'events',
  'health',
  'images',
  'notifications',
  'ops',
  'profiles',
  'push',
  'rivals',
  'site',
  'stewarding',
  'teams',
  'timing',
  'users',
];

/** `no-restricted-imports` patterns, each with the rule it keeps. */
const only = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // React Router's navigate returns a promise only under a data router; this app's BrowserRouter navigates at once.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Nest modules and MikroORM entities are classes that only carry decorators.
      '@typescript-eslint/no-extraneous-class': 'off',
      // `x!` marks a value checked elsewhere (validated map lookups, the DOM root, asserted test data); a throw would say the same.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Plain JS (configs, jest setup and reporters, scripts) runs in Node and is in no tsconfig: lint it without types.
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  // The service worker runs in the browser's worker scope, not Node.
  { files: ['frontend/public/sw.js'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Boundaries.
  {
    files: ['backend/src/contracts/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: only({ regex: '^(?!\\./)', message: 'contracts import nothing but other contracts: they are shared with the browser.' }),
  },
  {
    files: ['backend/src/infra/**/*.ts'],
    rules: only({ group: ['**/modules/**'], message: 'infra knows no domain: depend on an interface the module provides instead.' }),
  },
  {
    files: ['backend/src/common/**/*.ts'],
    rules: only({ group: ['**/modules/**'], message: 'common/ knows no domain module: the module passes what common needs in.' }),
  },
  // A file n folders deep in its backend module reaches another module through n `../`. Entities stay in their module
  // (a relation names its target with entityNamed and a type-only import); the modules below are reached only
  // through their index.js (services and read contracts, never entities).
  ...[1, 2, 3].map((depth) => ({
    files: [`backend/src/modules/*/${'*/'.repeat(depth - 1)}*.ts`],
    rules: only(
      {
        regex: `^(\\.\\./){${depth}}[^./][^/]*/(.*/)?[^/]*\\.entit(y|ies)\\.js$`,
        allowTypeImports: true,
        message: "Another module's entities are its own: ask its service or read contract (its index.js) instead.",
      },
      {
        regex: `^(\\.\\./){${depth}}(${WALLED_MODULES.join('|')})/(?!index\\.js$|(.*/)?[^/]*\\.entit(y|ies)\\.js$)`,
        message: 'Another module is reached only through its public face (../other/index.js).',
      },
    ),
  })),
  {
    files: ['frontend/src/lib/**/*.{ts,tsx}', 'frontend/src/components/**/*.{ts,tsx}'],
    rules: only(
      { group: ['**/features/**', '**/app/**'], message: 'lib/ and components/ import no feature: pass what they need in.' },
      { group: ['**/backend/**'], message: 'Import the API contracts through @paddock/contracts.' },
    ),
  },
  // A file n folders deep in its feature (1: the feature folder itself) reaches a sibling feature through n `../`: only its
  // index.js; a test may also take the fixtures in the other feature's testing/ folder.
  ...[1, 2, 3].flatMap((depth) =>
    [false, true].map((test) => ({
      files: [`frontend/src/features/*/${'*/'.repeat(depth - 1)}*.${test ? 'test.' : ''}{ts,tsx}`],
      rules: only(
        {
          regex: `^(\\.\\./){${depth}}[^./][^/]*/(?!index\\.js$${test ? '|testing/' : ''})`,
          message: 'A feature imports another feature only through its public index (../other/index.js).',
        },
        { group: ['**/backend/**'], message: 'Import the API contracts through @paddock/contracts.' },
      ),
    })),
  ),
  prettier,
);
