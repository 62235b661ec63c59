import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const appServerBan = { group: ['**/server/**'], message: 'the app imports only contract/ from the service' }

/** The folders each layer of src/ may not import (those above it). */
const layerBans = {
  ui: ['pages'],
  queries: ['pages', 'ui', 'search'],
  search: ['pages', 'ui'],
  networks: ['pages', 'ui', 'queries', 'search'],
  logs: ['pages', 'ui', 'queries', 'search', 'networks'],
  files: ['pages', 'ui', 'queries', 'search', 'networks', 'logs'],
  rpc: ['pages', 'ui', 'queries', 'search', 'networks', 'logs', 'files', 'evm', 'format'],
  evm: ['pages', 'ui', 'queries', 'search', 'networks', 'logs', 'files', 'rpc'],
  format: ['pages', 'ui', 'queries', 'search', 'networks', 'logs', 'files', 'rpc', 'evm'],
  state: ['pages', 'ui', 'queries', 'search', 'networks', 'logs', 'files', 'rpc', 'evm', 'format', 'history', 'wallet', 'boot', 'present'],
}

function appLayers() {
  const sourceFiles = (folder) => [`src/${folder}/**/*.{ts,tsx}`]
  const ignores = ['**/*.test.{ts,tsx}', 'src/testing/**']
  return [
    { files: ['src/**/*.{ts,tsx}'], ignores, rules: { 'no-restricted-imports': ['error', { patterns: [appServerBan] }] } },
    {
      files: sourceFiles('pages'),
      ignores,
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [appServerBan, { group: ['**/networks/clients.ts'], message: 'a page reaches the node through src/queries (factories), not the clients' }] },
        ],
      },
    },
    ...Object.entries(layerBans).map(([folder, above]) => ({
      files: sourceFiles(folder),
      ignores,
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [appServerBan, { group: above.flatMap((name) => [`../${name}/**`, `../../${name}/**`, `../../../${name}/**`]), message: `src/${folder} sits below ${above.join(', ')}: import downward only` }] },
        ],
      },
    })),
  ]
}

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', '.chainglass', '.scratch', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'public/**/*.js'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'e2e/**/*.ts', 'bench/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  // Which part may import which: the app (src/) and the service (server/) meet only in contract/, the shapes
  // and rules both must agree on; contract/ imports neither. A back edge fails `npm run lint`. ESLint's own
  // no-restricted-imports holds these folder boundaries without another plugin. Tests may reach across to
  // start the real service or read its code's answers.
  {
    files: ['server/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**'], message: 'the service imports only contract/ from the app' }] }] },
  },
  {
    files: ['contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', '**/server/**', 'node:*', 'react', 'react-*'], message: 'contract/ is shared by the app and the service: it imports neither, nor anything only one of them has' }] }],
    },
  },
  // Inside the app, layers import only downward: pages → ui → queries → the domain (networks, logs, files,
  // search) → rpc and the pure helpers (evm, format). A page calls query factories, never rpc/ itself.
  ...appLayers(),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(test|it|describe)$/]", message: 'focused tests silence the suite' },
      ],
    },
  },
)
