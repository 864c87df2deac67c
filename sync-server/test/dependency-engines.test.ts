// Every installed package must support every Node the project claims to run on (root `engines`), or a
// fresh `npm ci` warns EBADENGINE and the server may break on a supported Node.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('dependency engines', () => {
  it('every locked package accepts every Node version the project supports', () => {
    const supported: string = readJson('package.json').engines.node;
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    };
    const unsupported: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const engines = entry.engines;
      const node = engines && !Array.isArray(engines) ? engines.node : undefined;
      if (!where || !node || entry.optional) continue;
      if (!semver.subset(supported, node)) unsupported.push(`${where} needs node ${node}`);
    }
    expect(unsupported).toEqual([]);
  });
});
