// Chooses the store: PostgreSQL when DATABASE_URL is set, otherwise the embedded store in DATA_DIR.
import { PostgresStore } from './postgres/postgres-store.ts';
import { EmbeddedStore } from './store.ts';
import type { Store } from './store-api.ts';

export interface OpenStoreConfig {
  dataDir: string;
  databaseUrl: string | null;
  compactThresholdBytes: number;
  /** Start-up messages (migrations applied, waiting for the database); off in tests. */
  logRequests: boolean;
}

export async function openStore(config: OpenStoreConfig): Promise<Store> {
  if (config.databaseUrl)
    return PostgresStore.open(config.databaseUrl, {
      log: config.logRequests ? console.log : () => {},
    });
  return EmbeddedStore.open(config.dataDir, { compactThresholdBytes: config.compactThresholdBytes });
}
