// Claims across instances with PostgreSQL session advisory locks: a claim is a lock held on a connection
// of its own, so a crashed holder's claim ends with its connection, with no lease to wait out.
import pg from 'pg';
import type { Claim } from '../store-api.ts';

export class AdvisoryClaims {
  readonly #config: pg.ClientConfig;
  readonly #held = new Set<pg.Client>();

  constructor(config: pg.ClientConfig) {
    this.#config = config;
  }

  async claim(name: string): Promise<Claim | null> {
    const client = new pg.Client(this.#config);
    const controller = new AbortController();
    let released = false;
    const lost = () => {
      if (!released) controller.abort(new Error(`Lost the claim "${name}": its database connection closed`));
    };
    client.on('error', lost);
    await client.connect();
    try {
      // 64-bit hash of a namespaced name: collisions with other advisory lock users are negligible.
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok',
        [`private-notes:claim:${name}`],
      );
      if (!rows[0]?.ok) {
        await client.end();
        return null;
      }
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    client.on('end', lost);
    this.#held.add(client);
    return {
      signal: controller.signal,
      release: async () => {
        if (released) return;
        released = true;
        this.#held.delete(client);
        // Ending the session releases its advisory locks.
        await client.end().catch(() => {});
      },
    };
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#held].map((c) => c.end().catch(() => {})));
    this.#held.clear();
  }
}
