// Lint: typescript-eslint's recommended rules, plus the house's layering, so a wrong import
// arrow fails CI: core imports nothing of ours, rules import only core, render never imports cli.
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const forbid = (...layers) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: layers.map((layer) => ({
        group: [`**/${layer}/**`, `**/${layer}`],
        message: `this layer may not import ${layer}/ (see STYLE.md, one picture of the code)`,
      })),
    },
  ],
})

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // On Node 20 (V8 11.3) a copy made by a leading spread takes no cached hidden-class
    // transitions: `{ ...x, a: 1 }` with `a` new to `x` builds a fresh map per new key, ~0.5-10 us
    // an object where a literal takes 0.02 us (resolveStrike's `{ ...tally, strike, … }` cost a
    // melee batch line ~18 us). Build results field by field; copy with `{ ...x }` and set fields
    // `x` already has; Object.assign onto a fresh literal for new keys (onto `{}` from a large
    // object it leaves a slow dictionary object). Measured in docs/speed.md.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement:first-child ~ Property',
          message:
            'properties after a leading spread ({ ...x, a }) take a slow path in V8 (~0.5-10 us): build the object field by field, or copy with { ...x } and set fields it has (see eslint.config.js)',
        },
      ],
    },
  },
  { files: ['src/core/**/*.ts'], rules: forbid('rules', 'render', 'cli') },
  { files: ['src/rules/**/*.ts'], rules: forbid('render', 'cli') },
  { files: ['src/render/**/*.ts'], rules: forbid('cli') },
  {
    files: ['bin/**/*.js', 'scripts/**', 'bench/**', 'build.mjs', 'test/**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
