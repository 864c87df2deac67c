// Types for pg-cluster.mjs (used from the TypeScript tests).
export interface Cluster {
  port: number;
  dir: string;
  url(database?: string): string;
  /** `pg_ctl restart -m mode` (default fast): every connection is terminated. */
  restart(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** Stops the server, waits `ms`, starts it again on the same port. */
  pause(ms: number, mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  stop(): Promise<void>;
}
export function postgresBinDir(): string;
export function freePort(from: number, to: number): Promise<number>;
export function startCluster(options?: {
  port?: number;
  fsync?: boolean;
  maxConnections?: number;
}): Promise<Cluster>;
