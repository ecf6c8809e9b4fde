// Lint: typescript-eslint's recommended rules, plus the house's layering, so a wrong import
// arrow fails CI. From the bottom up: core imports nothing of ours; rules import only core;
// game (a game log's state) reads rules and core; engine (requests, the runner, units by name)
// answers; report holds each command's model (resolve, its answer, odds, compare, choices);
// commands hold each command's options and the request it builds; render draws answers as text,
// tables, CSV and SVG (nothing below it draws: an answer never loads text code); api is the
// library over them. None of those imports cli: the command line, batch's line I/O, prompts and
// files sit on top.
import { builtinModules } from 'node:module'
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

// The library (src/api) and everything it reaches import no node: module and touch no process, so
// the same core can run in a web page (docs/api.md); node I/O belongs to the CLI's own files. A
// rule of its own name (typescript-eslint's), so it adds to the layering rules above, not replaces.
const LIBRARY = [
  'src/api/**/*.ts',
  'src/core/**/*.ts',
  'src/game/**/*.ts',
  'src/rules/**/*.ts',
  'src/render/**/*.ts',
  'src/runtime/**/*.ts',
  'src/models/**/*.ts',
  'src/commands/**/*.ts',
]
const NO_NODE =
  'the library may not use node (it must run in a page): keep node I/O in src/cli (see docs/api.md)'
const noNode = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: ['node:*', ...builtinModules, ...builtinModules.map((m) => `${m}/*`)], message: NO_NODE },
      ],
    },
  ],
  'no-restricted-globals': [
    'error',
    ...['process', 'Buffer', 'require', '__dirname', '__filename'].map((name) => ({
      name,
      message: NO_NODE,
    })),
  ],
}

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
  // Terminal colour reads the environment; only the CLI loads it.
  { files: LIBRARY, ignores: ['src/render/color.ts'], rules: noNode },
  {
    files: ['src/core/**/*.ts'],
    rules: forbid('rules', 'game', 'render', 'runtime', 'models', 'commands', 'api', 'cli'),
  },
  { files: ['src/rules/**/*.ts'], rules: forbid('render', 'runtime', 'models', 'commands', 'api', 'cli') },
  { files: ['src/game/**/*.ts'], rules: forbid('render', 'runtime', 'models', 'commands', 'api', 'cli') },
  { files: ['src/runtime/**/*.ts'], rules: forbid('render', 'models', 'commands', 'api', 'cli') },
  { files: ['src/models/**/*.ts'], rules: forbid('render', 'commands', 'api', 'cli') },
  { files: ['src/commands/**/*.ts'], rules: forbid('render', 'api', 'cli') },
  { files: ['src/render/**/*.ts'], rules: forbid('api', 'cli') },
  { files: ['src/api/**/*.ts'], rules: forbid('cli') },
  // The page (src/web) is a front on the library: it imports src/api and its own files only.
  {
    files: ['src/web/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...noNode,
      ...forbid('core', 'rules', 'game', 'render', 'runtime', 'models', 'commands', 'cli'),
    },
  },
  {
    files: ['bin/**/*.js', 'scripts/**', 'bench/**', 'build.mjs', 'test/**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
