// The lint every change passes (`npm run lint`, and the first step of `npm test`): TypeScript's
// recommended rules without type information (quick on a 2-core CI machine) and React's hook rules.
// The import rules are dependency-cruiser's (.dependency-cruiser.cjs), not ESLint's. Decision 209.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', '.test-data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks an argument or binding kept on purpose (a handler's signature, a skipped slot).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A variable a closure reads before its one assignment (a test's "when did we signal") cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // TypeScript itself reports undefined names, with the DOM and Node types this project uses.
      'no-undef': 'off',
    },
  },
  {
    // Tests read loosely typed payloads (realtime messages, raw JSON) they then assert on.
    files: ['test/**/*.ts', 'e2e/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Being reworked in parallel (the one render scope): its `let html = ''` goes with that work.
    files: ['web/app/entry-server.tsx'],
    rules: { 'no-useless-assignment': 'off' },
  },
  {
    // Query keys live in one module per feature (`web/features/<f>/api/query-keys.ts`) and, for shared
    // code, in web/lib/query-keys.ts: a write that must refetch or patch another screen's data finds
    // its key by name, and the server render's cache (web/app/entry-server.tsx) and the browser ask
    // under the same keys. An array written where a key is used is a second home for that key.
    files: ['web/**/*.{ts,tsx}'],
    ignores: [
      'web/features/*/api/query-keys.ts',
      'web/lib/query-keys.ts',
      '**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Property[key.name='queryKey'] > ArrayExpression",
          "JSXAttribute[name.name='queryKey'] > JSXExpressionContainer > ArrayExpression",
          "CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueryState)$/][arguments.0.type='ArrayExpression']",
        ].map((selector) => ({
          selector,
          message: "Name this query key in the feature's api/query-keys.ts (or web/lib/query-keys.ts) and use it from there.",
        })),
      ],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  { files: ['web/public/**/*.js'], languageOptions: { sourceType: 'script', globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly' } } },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
