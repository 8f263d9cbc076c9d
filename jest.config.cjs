// One Jest run over every project; integration suites share one throwaway Postgres.
module.exports = {
  projects: ['<rootDir>/libs/*/jest.config.cjs', '<rootDir>/apps/*/jest.config.cjs', '<rootDir>/tools/jest.config.cjs', '<rootDir>/deploy/jest.config.cjs'],
  // Per-project testTimeout is ignored when the projects run together: the API's and the sandbox's
  // 30 s (servers, databases and real sockets on a two-core machine) must be set here to count.
  testTimeout: 30000,
  // Two workers on a two-core machine: most suites wait on PostgreSQL, a sandbox or a socket, and
  // each has a database of its own, so two run side by side in about half the time of one.
  maxWorkers: 2,
  coverageDirectory: '<rootDir>/reports/coverage',
  // Coverage is measured where its threshold is: the domain's pure rules. Instrumenting every file
  // (Babel's istanbul over SWC's output) added about a quarter to the whole run for figures
  // nothing checked.
  collectCoverageFrom: ['<rootDir>/libs/domain/src/**/*.ts', '!**/*.spec.ts', '!**/testing/**', '!**/index.ts'],
  coverageReporters: ['text-summary', 'json-summary'],
  // The pure rules shared by API and web must stay thoroughly tested (issue 3).
  coverageThreshold: {
    './libs/domain/src/': { lines: 95, branches: 95 },
  },
};
