// Types for pg-cluster.mjs (used from the TypeScript tests).
export interface Cluster {
  port: number;
  dir: string;
  url(database?: string): string;
  stop(): Promise<void>;
}
export function postgresBinDir(): string;
export function freePort(from: number, to: number): Promise<number>;
export function startCluster(options?: {
  port?: number;
  fsync?: boolean;
  maxConnections?: number;
}): Promise<Cluster>;
