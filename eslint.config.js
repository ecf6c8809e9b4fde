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
    // `{ ...x, a: 1 }` (properties after a leading spread) takes a slow path in V8 on Node 20: ~5-10 us
    // an object where `{ ...x }` or `{ a: 1, ...x }` take 0.1 us. One in resolveStrike made a melee
    // batch line 8x slower. Copy, then assign; or list the properties first.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement:first-child ~ Property',
          message:
            'a property after a spread ({ ...x, a }) is a slow path in V8 (~5-10 us): copy with { ...x } and assign, or put the properties before the spread (docs/speed.md)',
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
