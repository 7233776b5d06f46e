// Lint: the recommended JS and TypeScript rules, the type-aware rules that catch real mistakes
// (promises left floating or passed where nothing awaits them, assertions that say nothing), and
// the rules of hooks. Type checking itself is `npm run typecheck`; formatting is Prettier's.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundariesPlugin } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'tmp/', '.tap/', 'test-results/', '.tsbuild/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },

  // ---- Boundaries (docs/architecture.md, "Boundaries"): which part may import which. ----
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries: boundariesPlugin },
    rules: {
      'boundaries/import-boundaries': [
        'error',
        {
          zones: [
            {
              files: 'api',
              forbid: ['renderer', 'tests'],
              because: 'the server shares code with the browser only through schemas/',
            },
            {
              files: 'migrations',
              forbid: ['renderer', 'tests'],
              because: 'the server shares code with the browser only through schemas/',
            },
            {
              files: 'seeds',
              forbid: ['renderer', 'tests'],
              because: 'the server shares code with the browser only through schemas/',
            },
            {
              files: 'renderer',
              forbid: ['api', 'migrations', 'seeds', 'tests'],
              because: 'the browser shares code with the server only through schemas/',
            },
            {
              files: 'schemas',
              forbid: ['api', 'renderer', 'migrations', 'seeds', 'tests'],
              because: 'schemas/ is shared by both sides and depends on neither',
            },
            {
              files: 'renderer/forms',
              forbid: ['renderer/screens'],
              because:
                'the generic form engine knows no screen; screens plug into it (previews: renderer/forms/previews.ts)',
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules read the TypeScript program: only for the files the tsconfig holds.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its errors (an unhandled rejection ends the process).
      '@typescript-eslint/no-floating-promises': [
        'error',
        // tap queues a subtest started with t.test() and its parent waits for it: nothing is lost.
        { allowForKnownSafePromises: [{ from: 'package', name: 'PromiseWithSubtest', package: '@tapjs/core' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // React Router's loaders throw redirect(), a Response, by design.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      // An assertion the compiler already knows hides the next real change of type.
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
