/** Jest projects: unit, infra, integration, e2e. ESM mode (middy 7 is ESM-only); TypeScript through swc. */
const transform = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', {
    jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
    module: { type: 'es6' },
  }],
};
const common = {
  transform,
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^@contracts/(.*)\\.js$': '<rootDir>/functions/contracts/$1', '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.css(\\?.*)?$': '<rootDir>/test/helpers/style-stub.cjs' },
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/test/helpers/setup-env.ts'],
};
export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts?(x)'] },
    { ...common, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    // Servers, editions and browsers start in these projects' hooks: 120 s instead of jest's 5 s (test/helpers/slow-timeouts.ts).
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/helpers/slow-timeouts.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'], setupFilesAfterEnv: ['<rootDir>/test/helpers/slow-timeouts.ts'] },
  ],
};
