// The workspace's own tools: what `npm start` does, run for real against the built projects
// (npm test builds before Jest runs).
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'tools',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  testTimeout: 120000,
};
