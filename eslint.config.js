import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/web/.prerender/**', 'data/**', 'artifacts/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Packages stay pure: no app code, no I/O.
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/**', 'node:*', 'fs', 'path', 'react'] }],
    },
  },
  {
    // Only the bridge adapter talks to the native host.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/native-bridge/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'webkit', message: 'Use the native bridge adapter (lib/native-bridge).' },
        { object: 'window', property: 'AndroidBridge', message: 'Use the native bridge adapter (lib/native-bridge).' },
      ],
    },
  },
  {
    // The web app must not reach into the server, nor the server into the web app.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/server/**', '@lend/server'] }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '**/web/src/**', '@lend/web'] }] },
  },
  {
    // The one exception: this test reads the web's published loan terms to prove they state what the engine charges.
    files: ['apps/server/test/published-loan-terms.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)web/src/(?!features/site/legal/[\\w-]+$)' }, { group: ['@lend/web'] }] }],
    },
  },
);
