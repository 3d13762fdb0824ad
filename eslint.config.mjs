// eslint for every JS file of the project; prettier (.prettierrc.json) owns the layout.
import js from '@eslint/js';
import globals from 'globals';
import { configs as wc } from 'eslint-plugin-wc';

export default [
  {
    ignores: [
      'dist/',
      'build/',
      'build-*/',
      'node_modules/',
      'test-results/',
      'gen/',
      'web/generated/',
      'widgets/*/generated/',
    ],
  },
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
  // The custom elements (widgets/, and web/'s base class): eslint-plugin-wc's recommended and
  // best-practice rules (attachShadow in the constructor, super calls guarded, listeners torn
  // down, no child traversal in the lifecycle callbacks, …), every subclass of AttnWidget
  // recognised as an element.
  ...['flat/recommended', 'flat/best-practice'].map((name) => ({
    ...wc[name],
    files: ['web/**/*.js', 'widgets/**/*.js'],
    settings: { wc: { elementBaseClasses: ['AttnWidget'] } },
  })),
  {
    files: ['web/**/*.js', 'widgets/**/*.js'],
    // AttnWidget (web/widget-base.js) implements every lifecycle callback its subclasses call
    // through super, so a guard (`if (super.connectedCallback) …`) would only hide a typo.
    rules: { 'wc/guard-super-call': 'off' },
  },
  {
    // The pages' numbers go through grouped() (web/dom.js, its one fallback excepted): a page's
    // first Intl call loads ICU's number data before anything can draw.
    files: ['web/**/*.js', 'widgets/**/*.js'],
    ignores: ['web/dom.js'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'toLocaleString', message: 'use grouped() from web/dom.js (no Intl)' },
      ],
      'no-restricted-globals': ['error', { name: 'Intl', message: 'no Intl on the pages' }],
    },
  },
  {
    files: ['widgets/playground/worker.js'],
    languageOptions: { globals: { ...globals.worker } },
  },
];
