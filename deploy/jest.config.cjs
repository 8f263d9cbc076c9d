// The deployment's own checks: the Kubernetes manifests rendered and validated against the API's
// schemas, our rules for them, and docker-compose.yml against the Compose specification.
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'deploy',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
};
