import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import zodFree from './eslint-rules/no-zod-in-renderer.js';

const FEATURES_DIR = 'src/renderer/src/features';
const FEATURES = readdirSync(new URL(`./${FEATURES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const noElectron = {
  paths: [{ name: 'electron', message: 'this layer must run without Electron: depend on a port instead.' }],
  patterns: [{ group: ['electron/*'], message: 'this layer must run without Electron.' }],
};

/** What no core module imports (lint-held; the layers table in docs/ARCHITECTURE.md). */
const corePatterns = [
  ...noElectron.patterns,
  {
    group: [
      '**/rpc',
      '**/rpc/**',
      '**/adapters',
      '**/adapters/**',
      '**/cli',
      '**/cli/**',
      '**/mcp-server',
      '**/mcp-server/**',
      '**/main/server',
      '**/main/index',
      '**/demo-shop',
      '**/demo-shop/**',
    ],
    message:
      'core never imports rpc, adapters, cli, mcp-server, the demo shop or an entry point: they depend on core, not the other way round.',
  },
];

/**
 * The layering rules the architecture depends on (docs/ARCHITECTURE.md, "Layers"); exported so tests/lint can
 * prove each one bites. Each file set gets exactly one `no-restricted-imports` entry: in a flat config a later
 * entry for the same rule replaces an earlier one, it does not add to it.
 */
export const layeringRules = [
  {
    // Core knows nothing of its transports, of the servers it may embed or of the demo shop's model: entry points
    // wire those in.
    files: ['src/main/core/**/*.{ts,tsx}'],
    ignores: ['src/main/core/**/*.test.ts', 'src/main/core/agent/**'],
    rules: { 'no-restricted-imports': ['error', { paths: noElectron.paths, patterns: corePatterns }] },
  },
  {
    // The loop, besides: never a display module. The replay diff (the workbench's) reads the typed fields a call
    // carries; the proxy must not decide by what the diff shows.
    files: ['src/main/core/agent/**/*.{ts,tsx}'],
    ignores: ['src/main/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noElectron.paths,
          patterns: [
            ...corePatterns,
            {
              group: ['**/workbench/replay-diff'],
              message:
                'the loop never depends on a display module: the replay diff reads the typed fields a call carries.',
            },
          ],
        },
      ],
    },
  },
  {
    // A core test may wire in what an entry point would (the real shop server as the builtin), never Electron.
    files: ['src/main/core/**/*.test.ts', 'src/mcp-server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noElectron] },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noElectron.paths,
          patterns: [
            { group: ['node:*', 'electron/*'], message: 'shared code is pure: no node:* modules, no Electron.' },
            {
              group: ['**/main', '**/main/**', '**/renderer', '**/renderer/**', '**/mcp-server', '**/mcp-server/**'],
              message: 'shared is the bottom layer: it never imports main, the renderer or the MCP server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'the renderer talks to main only through window.api.' }],
          patterns: [
            {
              group: ['**/shared/contract', '**/shared/contract/*'],
              allowTypeImports: true,
              message: 'the renderer imports only types from the contract (use `import type`).',
            },
            { group: ['**/main/**', 'node:*'], message: 'the renderer cannot import main-process code.' },
          ],
        },
      ],
    },
  },
  {
    // zod stays out of the renderer: no import of it, nor of a project module that reaches it (a schema built at load).
    files: ['src/renderer/**/*.{ts,tsx}'],
    ignores: ['src/renderer/**/*.test.{ts,tsx}'],
    plugins: { switchboard: zodFree },
    rules: { 'switchboard/no-zod-in-renderer': 'error' },
  },
  // A feature never imports another feature: shared pieces live in components/ or lib/, links in app/navigation.
  ...FEATURES.map((feature) => {
    const others = FEATURES.filter((other) => other !== feature).join('|');
    return {
      files: [`${FEATURES_DIR}/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(\\.\\./)+(features/)?(${others})(/|$)`,
                message: `the ${feature} feature cannot import another feature: move the shared piece to components/ or lib/, a link between pages to app/navigation.`,
              },
            ],
          },
        ],
      },
    };
  }),
  {
    // The shell, shared components and lib sit below the features; only App.tsx composes them.
    files: ['src/renderer/src/{app,components,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features', '**/features/**'],
              message:
                'app/, components/ and lib/ never import a feature: App.tsx hands the shell its pages and badges.',
            },
          ],
        },
      ],
    },
  },
];

/**
 * An rpc handler only maps a route's input to one call of an application service (core/services): no branch, no
 * refusal, no cast, no second statement, and nothing imported but the services, the contract's types and the router. A rule
 * written here could not be reused by the CLI. Exported so tests/lint proves each part bites.
 */
export const thinHandlerRules = [
  {
    files: ['src/main/rpc/handlers/**/*.ts'],
    ignores: ['src/main/rpc/handlers/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/**', '!**/core/services'],
              message: 'a handler calls the application services (core/services): put the rule in a service.',
            },
            {
              group: ['**/shared/**', '!**/shared/contract', '!**/shared/contract/**'],
              message: 'a handler imports only the contract from shared: messages and rules belong to a service.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'IfStatement, ConditionalExpression, LogicalExpression, SwitchStatement, TryStatement, ThrowStatement, ForStatement, ForInStatement, ForOfStatement, WhileStatement, DoWhileStatement',
          message: 'a handler holds no rule (no branch, no refusal, no loop): move it into the service it calls.',
        },
        {
          selector: 'TSAsExpression, TSTypeAssertion, TSNonNullExpression',
          message:
            "a handler casts nothing: the service answers the route's contract type (a cast would hide that it does not).",
        },
      ],
      'max-statements': ['error', 1],
    },
  },
];

/**
 * Adapters (the CLI, rpc, the IPC/WebSocket adapters, the desktop, the entry points) reach every use case through
 * `core.services`: they never take the core's parts (`coreParts` is test-only) nor build their own (a ConfigStore, a
 * ConnectionManager, launch confirmations, pins, auth). The type boundary is `Core` itself (core/app.ts); this keeps
 * the way around it shut. Exported so tests/lint proves it bites.
 */
const builtOnlyByCreateCore = [
  ['**/core/config/config-store', ['ConfigStore']],
  ['**/core/mcp/launch-confirmations', ['LaunchConfirmations']],
  ['**/core/mcp', ['ConnectionManager', 'ResourceBrowser', 'EraMemoryFile']],
  ['**/core/mcp/connection-manager', ['ConnectionManager']],
  ['**/core/catalog/pin-store', ['PinStore']],
  ['**/core/catalog/tool-pipeline', ['createToolPipeline']],
  ['**/core/auth', ['AuthService', 'OAuthStore']],
  ['**/core/agent/runtime', ['createAgentRuntime']],
  ['**/core/workbench', ['createWorkbench', 'autoApprover']],
  ['**/core/config/import-servers', ['importServers']],
];
export const adapterRules = [
  {
    files: [
      'src/main/{cli,rpc,adapters,desktop,core-thread}/**/*.ts',
      'src/main/index.ts',
      'src/main/server.ts',
      'src/main/cli.ts',
      'src/main/shutdown.ts',
    ],
    ignores: ['src/main/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/app-parts'],
              message: 'an adapter builds the core with createCore and reaches use cases through core.services.',
            },
            {
              group: ['**/core/app'],
              importNames: ['coreParts'],
              message: 'coreParts is test-only: an adapter reaches every use case through core.services.',
            },
            ...builtOnlyByCreateCore.map(([module, names]) => ({
              group: [module],
              importNames: names,
              allowTypeImports: true,
              message:
                'an adapter never assembles the core from its parts: createCore builds them, core.services uses them (add the use case to a service).',
            })),
          ],
        },
      ],
    },
  },
];

/**
 * Every string the console shows goes through i18next (docs/ARCHITECTURE.md, "Translations"): text in JSX, text in
 * a JSX expression (`{ok ? 'passed' : 'failed'}`) and the attributes a person reads or hears. Exported so tests/lint
 * proves it bites. Code-like capitals and letterless symbols are not text.
 */
export const i18nRules = [
  {
    files: ['src/renderer/src/**/*.tsx'],
    ignores: ['src/renderer/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'title',
              'aria-label',
              'aria-description',
              'placeholder',
              'alt',
              'label',
              'hint',
              'what',
              'keyLabel',
              'description',
              'legend',
              'heading',
              'caption',
              'message',
              'outcome',
              'action',
            ],
          },
          // Not text: code-like capitals, and anything without a letter (punctuation, symbols, numbers).
          words: { exclude: ['[A-Z_-]+', /^[^\p{L}]*$/u] },
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '.tmp-*/**',
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'tests/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Playwright fixtures must destructure their dependencies, even when there are none.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  ...layeringRules,
  ...thinHandlerRules,
  ...adapterRules,
  ...i18nRules,
);
