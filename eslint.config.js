// Lint rules that hold the architecture (docs/architecture.md): the domain in src/ imports no door and
// not the simulator; tools/ (MCP) imports neither Fastify nor http/, and a tool imports no other tool;
// http/ never reaches into src/upstream/ (it goes through the runtime); the simulator stands alone.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const DOOR_LIBRARIES = ['fastify', 'fastify/*', '@fastify/*', '@modelcontextprotocol/*']
// On Node 20 an AsyncLocalStorage in use turns on promise hooks for every promise of the process: a third of
// a cold answer's own time. Who a call is for travels on its abort signal (src/client-context.ts).
const NO_ASYNC_HOOKS = {
  group: ['node:async_hooks', 'async_hooks'],
  message: 'No AsyncLocalStorage in the service: pass what a call needs on its signal (src/client-context.ts).',
}

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', '.tap/', 'node_modules/', 'scratch/', 'tap-snapshots/'] },
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
            { regex: '(^|/)(http|tools|bin|cli)/', message: 'src/ is the domain: it must not import a door (http/, tools/, cli/, bin/).' },
            { regex: '(^|/)simulator/', message: 'src/ must not import the simulator (only src/runtime.ts loads it, lazily).' },
            NO_ASYNC_HOOKS,
          ],
        },
      ],
    },
  },
  {
    files: ['tools/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)src/upstream/', message: 'Tools reach the upstream only through the domain service.' },
            { group: ['fastify', 'fastify/*', '@fastify/*'], message: 'tools/ is MCP without a web framework: Fastify stays in http/.' },
            { regex: '(^|/)http/', message: 'tools/ must not import http/: the HTTP door imports MCP, not the other way round.' },
            NO_ASYNC_HOOKS,
          ],
        },
      ],
    },
  },
  {
    // One file per tool in tools/tools/: a tool imports no other tool (shared pieces live one floor up).
    files: ['tools/tools/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\./', message: 'A tool imports no other tool; share through a module of its own in tools/.' },
            { regex: '(^|/)src/upstream/', message: 'Tools reach the upstream only through the domain service.' },
            { group: ['fastify', 'fastify/*', '@fastify/*'], message: 'tools/ is MCP without a web framework: Fastify stays in http/.' },
            { regex: '(^|/)http/', message: 'tools/ must not import http/: the HTTP door imports MCP, not the other way round.' },
            NO_ASYNC_HOOKS,
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
            NO_ASYNC_HOOKS,
          ],
        },
      ],
    },
  },
  {
    files: ['cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/upstream/',
              message: 'cli/ uses the domain service and the runtime (src/runtime.ts), not the upstream client.',
            },
            { group: ['fastify', 'fastify/*', '@fastify/*'], message: 'cli/ is a door of its own: Fastify stays in http/.' },
            { regex: '(^|/)(http|tools)/', message: 'cli/ must not import another door (http/, tools/).' },
            NO_ASYNC_HOOKS,
          ],
        },
      ],
    },
  },
  {
    files: ['simulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(src|tools|http|cli|bin)/',
              message: 'The simulator is a test double of the upstream: it imports nothing of the service it stands in for.',
            },
          ],
        },
      ],
    },
  },
)
