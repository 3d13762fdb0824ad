// eslint for every JS file of the project; prettier (.prettierrc.json) owns the layout.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['dist/', 'build/', 'build-*/', 'node_modules/', 'test-results/', 'gen/'] },
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2025,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    rules: {
      'no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // prettier wraps code at 100 columns but never splits a string: long text stays legal,
      // long code does not.
      'max-len': [
        'error',
        {
          code: 100,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
        },
      ],
      eqeqeq: ['error', 'smart'],
      'prefer-const': 'error',
      'no-var': 'error',
    },
  },
  {
    files: ['scripts/**', 'tests/**', 'bench/**', 'course-data/tools/**', '*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['widgets/playground/worker.js'],
    languageOptions: { globals: { ...globals.worker } },
  },
];
