// Starts the server: loads the configuration, builds the app, listens, and shuts down cleanly on signals.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { startupWarnings } from './startup-warnings.ts';

// A .env at the repository root fills in variables the real environment does not set.
const envFile = path.resolve(import.meta.dirname, '../../.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

// A setting it cannot read stops the start with one line naming it (not a stack trace to dig through).
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(`Configuration error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
for (const warning of startupWarnings(config)) console.warn(`Warning: ${warning}`);
const handle = await createApp(config);
console.log(handle.store.describe());
const server = handle.app.listen(config.port, config.host, (error?: Error) => {
  if (error) {
    console.error(`Could not listen on ${config.host}:${config.port}: ${error.message}`);
    process.exit(1);
  }
  const { port } = server.address() as AddressInfo;
  // The test helpers and the bench read this line to learn the port when PORT=0.
  console.log(`Private Notes listening on http://${config.host}:${port}`);
  // In the background: requests are served meanwhile (the first one would have paid it anyway).
  void handle.warmUp();
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  server.close();
  server.closeAllConnections();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
