module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'domain',
  rootDir: __dirname,
  // Coverage is measured over the rules themselves: not barrels, type-only contracts or test builders.
  collectCoverageFrom: ['src/**/*.ts', '!src/**/*.spec.ts', '!src/**/index.ts', '!src/testing/**', '!src/contracts/**'],
};
