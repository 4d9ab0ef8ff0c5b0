// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'dist/**', 'coverage/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The pages' progressive-enhancement scripts: plain ES modules run by the browser, no build step.
    files: ['static/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'module' },
  },
  {
    // The rules layer is pure: it may import only its own files — no I/O modules, no packages,
    // nothing from the layers above it.
    files: ['src/rules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./[^/]+$)',
              message: 'src/rules is pure: import only sibling files in src/rules (no packages, no I/O, no upper layers).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'src/rules takes time from its caller.' },
        { name: 'fetch', message: 'src/rules does no I/O.' },
        { name: 'process', message: 'src/rules does no I/O.' },
        { name: 'setTimeout', message: 'src/rules takes time from its caller.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'src/rules takes dice from an injected DiceSource.' },
      ],
    },
  },
  {
    // The strategic rules are pure too: their own files and the tactical rules they build on.
    files: ['src/rules/strategic/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.\\.?/[^/]+$)',
              message: 'src/rules/strategic is pure: import only its own files and files of src/rules.',
            },
          ],
        },
      ],
    },
  },
);
