// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'dist/**', 'coverage/**', 'test-artifacts/**'] },
  js.configs.recommended,
  {
    // Type-aware rules for the TypeScript sources: strict-type-checked, less the rules that cost more than they catch
    // here.
    files: ['**/*.ts'],
    extends: [...tseslint.configs.strictTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `x!` after a check the compiler cannot follow (a Map lookup just made) is clearer than a second check.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true, allowNullish: true },
      ],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Values from requests, mail and JSON are checked again where they are used, whatever their declared type says.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-unnecessary-type-conversion': 'off',
      // Methods that satisfy an async interface (close, drain) need not await anything.
      '@typescript-eslint/require-await': 'off',
      // Spreading a string into characters is used on ASCII-only text (hex rows, rulers).
      '@typescript-eslint/no-misused-spread': 'off',
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // Tests read JSON answers and fixtures whose shape the assertions themselves check.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // `json<T>()` names the shape a test expects of an answer.
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
    },
  },
  { languageOptions: { globals: { ...globals.node } } },
  {
    // Lines stay under 120 columns (Prettier wraps code at 120); a long string, message or URL may run on.
    rules: {
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    files: ['**/*.ts'],
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
    // The channels parse, call a use case and render: the database, its schema and drizzle are src/games's
    // (repositories) and src/server's (opening it), never theirs.
    files: ['src/web/**/*.ts', 'src/mail/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/*', '**/db'],
              message:
                'channels reach the database through the use cases and repositories of src/games (and src/server to open it), not src/db or drizzle.',
            },
          ],
        },
      ],
    },
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
              message:
                'src/rules is pure: import only sibling files in src/rules (no packages, no I/O, no upper layers).',
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
    // The game kinds, the orders languages and the reports are pure too: no I/O, no clock, no dice of their own, and
    // nothing of the layers above them (the use cases, channels, database). zod is the one package they use: a kind's
    // settings and documents are checked with it.
    files: ['src/kinds/**/*.ts', 'src/orders/**/*.ts', 'src/reports/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\.)',
              message: 'src/kinds, src/orders and src/reports are pure: no packages but zod, no node: modules.',
            },
            {
              regex: '/(games|web|mail|cli|server|db|config)/',
              message: 'src/kinds, src/orders and src/reports sit below the use cases, channels and database.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'pure code does no I/O.' },
        { name: 'process', message: 'pure code does no I/O.' },
        { name: 'setTimeout', message: 'pure code takes time from its caller.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'pure code takes time from its caller.' },
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: 'pure code takes time from its caller.',
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'pure code takes dice from an injected DiceSource.' },
      ],
    },
  },
  {
    // The other rule systems are pure too: each imports only its own files and the shared files of src/rules it
    // builds on (hexes, line of sight, dice, the tactical rules a campaign's battles use).
    files: ['src/rules/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.\\.?/[^/]+$)',
              message: 'a rule system in src/rules is pure: import only its own files and files of src/rules.',
            },
          ],
        },
      ],
    },
  },
);
