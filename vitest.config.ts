import { defineConfig } from 'vitest/config';

// One runner for every unit and integration test; browser tests run under Playwright (web/e2e).
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker (cores - 1). Most files here wait rather than compute (a server
    // process starting, PostgreSQL, a schedule coming due), so a second worker fills the idle core; every file
    // has its own servers, ports (0) and folders, and each PostgreSQL test server its own database.
    maxWorkers: 2,
    projects: [
      // `isolate: false` (every project): a worker imports a module once for all its files instead of once per
      // file. Importing was most of the suite's cost: 580 s of CPU isolated against about 286 s not (cgroup
      // cpuacct; web 104 → 37 s for the same 407 tests), and the tests keep their state in their own servers,
      // folders, databases and objects; one that relied on a fresh process-wide registry (highlight.js's) now
      // starts from the state it needs.
      {
        test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node', isolate: false },
      },
      // The repository's own tooling (the Chromium flags module, benchmark helpers).
      { test: { name: 'tooling', include: ['*.test.ts', 'bench/lib/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'sync-server',
          include: ['sync-server/src/**/*.test.ts', 'sync-server/test/**/*.test.ts'],
          exclude: ['sync-server/test/postgres/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        // The same integration suite on PostgreSQL (a throwaway cluster, a fresh database per server), plus
        // the tests only PostgreSQL has (several instances, a lost database, moving between stores).
        test: {
          name: 'sync-server-postgres',
          include: ['sync-server/test/**/*.test.ts'],
          // A full DATA_DIR disk is the embedded store's concern (PostgreSQL's is database-lost.test.ts). The
          // backup test runs here too: a PostgreSQL server's backup restores into an embedded DATA_DIR.
          exclude: ['sync-server/test/disk-failure.test.ts'],
          env: { STORE: 'postgres' },
          globalSetup: ['sync-server/test/postgres-global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.ts', 'web/src/**/*.test.tsx', 'web/pwa/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
