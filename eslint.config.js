// Lint: the recommended JS and TypeScript rules; type checking itself is `npm run typecheck`.
import js from '@eslint/js';
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
            { files: 'api', forbid: ['renderer', 'tests'], because: 'the server shares code with the browser only through schemas/' },
            { files: 'migrations', forbid: ['renderer', 'tests'], because: 'the server shares code with the browser only through schemas/' },
            { files: 'seeds', forbid: ['renderer', 'tests'], because: 'the server shares code with the browser only through schemas/' },
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
              because: 'the generic form engine knows no screen; screens plug into it',
              // Pending: the content and event previews move behind a preview registry.
              allow: [{ file: 'renderer/forms/ContentPreview.tsx', target: 'renderer/screens' }],
            },
          ],
        },
      ],
    },
  },
);
