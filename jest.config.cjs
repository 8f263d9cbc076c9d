// One Jest run over every project; integration suites share one throwaway Postgres.
module.exports = {
  projects: ['<rootDir>/libs/*/jest.config.cjs', '<rootDir>/apps/*/jest.config.cjs'],
};
