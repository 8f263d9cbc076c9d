module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'payment-sandbox',
  rootDir: __dirname,
  testTimeout: 30000,
};
