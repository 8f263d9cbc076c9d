module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'api',
  rootDir: __dirname,
  globalSetup: '<rootDir>/../../tools/test/jest-postgres.setup.mjs',
  globalTeardown: '<rootDir>/../../tools/test/jest-postgres.teardown.mjs',
  testTimeout: 30000,
};
