import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.chainglass', '.scratch', 'test-results', 'playwright-report'] },
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
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'the app imports only contract/ from the service' }] }] },
  },
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
