// Shared Jest settings: SWC transforms TypeScript (with the decorator metadata NestJS needs),
// and @store/* imports resolve to the libraries' sources so tests never need a build.
const path = require('node:path');

const root = __dirname;

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // otplib's cryptography (@noble, @scure) ships as ES modules only; Node runs them natively
  // (require(esm)), Jest needs them compiled to CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(@noble|@scure|@otplib|otplib)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '^@store/(domain|application|infrastructure)/testing$': path.join(root, 'libs/$1/src/testing/index.ts'),
    '^@store/(domain|application|infrastructure|ui)$': path.join(root, 'libs/$1/src/index.ts'),
    // The card gateway's local sandbox, started in-process by the payment tests.
    '^@store/payment-sandbox$': path.join(root, 'apps/payment-sandbox/src/index.ts'),
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  // Property tests: random seeds, replayable from the printed seed (tools/test/fast-check.setup.cjs).
  setupFiles: [path.join(root, 'tools/test/fast-check.setup.cjs')],
};
