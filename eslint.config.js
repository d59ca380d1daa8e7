// Lint rules that hold the architecture (design.md §2): the domain in src/ imports no door, a tool
// imports no other tool, and http/ never reaches into src/upstream/ (it goes through the runtime).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const DOOR_LIBRARIES = ['fastify', 'fastify/*', '@fastify/*', '@modelcontextprotocol/*']

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', '.tap/', 'node_modules/', 'scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Control characters are the point of some validation patterns (keywords must not carry them).
      'no-control-regex': 'off',
    },
  },
  {
    // Plain JavaScript entry points run on Node before any build (bin/run.js, scripts/prepare.mjs).
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: DOOR_LIBRARIES, message: 'src/ is the domain: it imports neither Fastify nor the MCP SDK.' },
            { regex: '(^|/)(http|tools|bin)/', message: 'src/ is the domain: it must not import a door (http/, tools/, bin/).' },
          ],
        },
      ],
    },
  },
  {
    files: ['tools/**/*.ts'],
    ignores: ['tools/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\./(search|get|find)-[\\w-]+\\.js$', message: 'A tool imports no other tool; share through a module of its own.' },
            { regex: '(^|/)src/upstream/', message: 'Tools reach the upstream only through the domain service.' },
          ],
        },
      ],
    },
  },
  {
    files: ['http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)src/upstream/', message: 'http/ reaches the upstream only through the runtime and the domain service.' },
          ],
        },
      ],
    },
  },
)
