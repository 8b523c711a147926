// One jest run, four projects: unit tests beside the code, integration against real
// PostgreSQL + Redis, and browser tests in the system Chromium against the built app.
const swcTs = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true, tsx: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        target: 'es2023',
      },
      module: { type: 'es6' },
    },
  ],
};
const esm = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: swcTs,
};

export default {
  // Per-project testTimeout is not applied by jest 30; browser tests walk several pages.
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/summary-reporter.js'],
  testSequencer: '<rootDir>/test/sequencer.js',
  projects: [
    { displayName: 'backend-unit', ...esm, testEnvironment: 'node', roots: ['<rootDir>/backend/src'], testMatch: ['**/*.spec.ts'] },
    {
      displayName: 'frontend-unit',
      ...esm,
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/frontend/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/frontend/jest.setup.ts'],
      moduleNameMapper: {
        '^@paddock/contracts/(.*)\\.js$': '<rootDir>/backend/src/contracts/$1',
        ...esm.moduleNameMapper,
        '\\.(css|svg|png|webp|jpg)$': '<rootDir>/frontend/test-file-stub.js',
      },
    },
    {
      displayName: 'integration',
      ...esm,
      testEnvironment: 'node',
      roots: ['<rootDir>/test/integration'],
      testMatch: ['**/*.int.spec.ts'],
      testTimeout: 30000,
    },
    {
      displayName: 'e2e',
      ...esm,
      testEnvironment: 'node',
      roots: ['<rootDir>/test/e2e'],
      testMatch: ['**/*.e2e.spec.ts'],
      transformIgnorePatterns: ['/node_modules/', 'global-(setup|teardown)\\.js$'],
      globalSetup: '<rootDir>/test/e2e/global-setup.js',
      globalTeardown: '<rootDir>/test/e2e/global-teardown.js',
      testTimeout: 60000,
    },
  ],
};
