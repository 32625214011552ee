// Lint guards the arrows of ../shared/DESIGN.md: src-shared runs anywhere (no electron, node,
// DOM or react); src-renderer never reaches electron or node; nothing imports the renderer.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'
import globals from 'globals'

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'crypto', 'http', 'https', 'net', 'child_process', 'url', 'util', 'stream', 'events', 'worker_threads']
const rendererPath = { group: ['**/src-renderer/**', '../src-renderer/*'], message: 'Nothing imports the renderer.' }

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [rendererPath] }],
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
            { group: ['electron', 'electron/*'], message: 'src-shared runs anywhere: no electron.' },
            { group: nodeBuiltins, message: 'src-shared runs anywhere: no node built-ins.' },
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'src-shared has no react.' },
            { group: ['**/src-server/**', '**/src-main/**', '../src-server/*', '../src-main/*', '../../src-server/*', '../../src-main/*'], message: 'src-shared imports nothing of ours.' },
            rendererPath,
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'The renderer talks to main only through the preload API.' },
            { group: nodeBuiltins, message: 'The renderer never imports node built-ins.' },
            { group: ['**/src-server/**', '**/src-main/**', '../src-server/*', '../src-main/*'], message: 'The renderer depends only on src-shared.' },
          ],
        },
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
            { group: ['**/src-main/**', '../src-main/*'], message: 'The server depends only on src-shared.' },
            rendererPath,
          ],
        },
      ],
    },
  },
)
