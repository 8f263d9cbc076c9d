module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'application',
  rootDir: __dirname,
};
