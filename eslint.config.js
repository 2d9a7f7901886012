import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The two layering rules the architecture depends on; exported so a test can prove they bite. */
export const layeringRules = [
  {
    files: ['src/main/core/**/*.{ts,tsx}', 'src/shared/**/*.{ts,tsx}', 'src/mcp-server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'core and shared code must run without Electron: depend on a port instead.' }],
          patterns: [{ group: ['electron/*'], message: 'core and shared code must run without Electron.' }],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'shared code must run without Electron.' }],
          patterns: [{ group: ['node:*', 'electron/*'], message: 'shared code is pure: no node:* modules.' }],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'the renderer talks to main only through window.api.' }],
          patterns: [
            {
              group: ['**/shared/contract', '**/shared/contract/*'],
              allowTypeImports: true,
              message: 'the renderer imports only types from the contract (use `import type`).',
            },
            { group: ['**/main/**', 'node:*'], message: 'the renderer cannot import main-process code.' },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['.tmp-*/**', 'out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'tests/lint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Playwright fixtures must destructure their dependencies, even when there are none.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  ...layeringRules,
);
