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
  { files: ['src/core/**/*.ts'], rules: forbid('rules', 'render', 'cli') },
  { files: ['src/rules/**/*.ts'], rules: forbid('render', 'cli') },
  { files: ['src/render/**/*.ts'], rules: forbid('cli') },
  {
    files: ['bin/**/*.js', 'scripts/**', 'bench/**', 'build.mjs', 'test/**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
