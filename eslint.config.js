// Lint guards the arrows of ../shared/DESIGN.md: src-shared runs anywhere (no electron, node,
// DOM or react); src-renderer never reaches electron or node; nothing imports the renderer.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

// Anchored: a bare 'http' glob would also match our own '../src-server/http/...'.
const nodeBuiltins =
  '^(node:.*|(fs|path|os|crypto|http|https|net|child_process|url|util|stream|events|worker_threads)(/.*)?)$'
// Relative paths into another room, at any depth ('../src-server/http/x', '../../src-main').
const room = (name) => `(^|/)${name}(/|$)`
const rendererPath = { regex: room('src-renderer'), message: 'Nothing imports the renderer.' }
// scripts/ is tooling that builds, packages or starts the app from outside; the app never runs it.
const scriptsPath = { regex: room('scripts'), message: 'The app never imports scripts/ (tooling).' }
// What no renderer module may import; the adapter folder adds nothing to it, the rest of the
// renderer also may not reach frappe-gantt.
const rendererRules = [
  {
    group: ['electron', 'electron/*'],
    message: 'The renderer talks to main only through the preload API.',
  },
  { regex: nodeBuiltins, message: 'The renderer never imports node built-ins.' },
  { regex: room('src-(server|main)'), message: 'The renderer depends only on src-shared.' },
]
// Main embeds the local board through the service's public surface (src-server/index.ts) only.
const serverInternals = {
  regex: '(^|/)src-server/(?!index(\\.ts)?$)',
  message: "Main uses the board service only through src-server's index (startEmbeddedBoard...).",
}
const frappeOnlyInAdapter = {
  group: ['frappe-gantt', 'frappe-gantt/*'],
  message: 'Only src-renderer/timeline/adapter/ knows frappe-gantt; use the adapter.',
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      '.bench-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [rendererPath, scriptsPath] }],
    },
  },
  {
    files: ['src-shared/**'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'electron/*'],
              message: 'src-shared runs anywhere: no electron.',
            },
            { regex: nodeBuiltins, message: 'src-shared runs anywhere: no node built-ins.' },
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*'],
              message: 'src-shared has no react.',
            },
            { regex: room('src-(server|main)'), message: 'src-shared imports nothing of ours.' },
            rendererPath,
            scriptsPath,
          ],
        },
      ],
    },
  },
  // The rules of hooks and React's own checks (refs read or written during render, effects that
  // miss what they use, state set in an effect...): the recommended set, errors, in all React code.
  {
    files: ['src-renderer/**/*.{ts,tsx}', 'test/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...rendererRules, frappeOnlyInAdapter, scriptsPath],
        },
      ],
    },
  },
  {
    files: ['src-main/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [rendererPath, serverInternals, scriptsPath] },
      ],
    },
  },
  {
    files: ['src-server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'The board service runs in plain Node.' },
            { regex: room('src-main'), message: 'The server depends only on src-shared.' },
            rendererPath,
            scriptsPath,
          ],
        },
      ],
    },
  },
  {
    // The adapter is the one place that may import frappe-gantt (and nothing else may).
    files: ['src-renderer/timeline/adapter/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...rendererRules, scriptsPath],
        },
      ],
    },
  },
  {
    // Tests reach every room through its public surface, the renderer's included.
    files: ['test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The renderer's half of the scheduling benchmark measures its selectors in Node, as a test
    // reaches them; nothing shipped imports the renderer.
    files: ['bench/schedule/renderer.ts', 'bench/schedule/what-if-frame.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
