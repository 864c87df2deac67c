// vitest globalSetup of the `sync-server-postgres` project: one throwaway PostgreSQL cluster for the run
// (stopped afterwards); each test server gets a fresh database on it (see test-database.ts).
import type { TestProject } from 'vitest/node';
import { type Cluster, startCluster } from '../../scripts/pg-cluster.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://…/postgres` of the run's cluster; test databases are created beside it. */
    pgAdminUrl: string;
  }
}

let cluster: Cluster | null = null;

export async function setup(project: TestProject): Promise<void> {
  cluster = await startCluster({ fsync: false });
  project.provide('pgAdminUrl', cluster.url());
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
