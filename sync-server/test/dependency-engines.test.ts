// Every installed package must support every Node the project claims to run on (root `engines`), or a
// fresh `npm ci` warns EBADENGINE and the server may break on a supported Node.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE, supportsNode } from '../../scripts/node-version.mjs';

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

  it("npm start's Node check is the engines range", () => {
    expect(readJson('package.json').engines.node).toBe(SUPPORTED_NODE);
    const versions = ['18.20.4', '20.0.0', '20.18.3', '20.19.0', '20.20.2', '21.7.3', '22.0.0', '22.11.0'];
    versions.push('22.12.0', '22.20.1', '23.11.0', '24.0.0', '25.2.1', 'v20.19.5');
    for (const version of versions) {
      expect(supportsNode(version), version).toBe(
        semver.satisfies(version.replace(/^v/, ''), SUPPORTED_NODE),
      );
    }
  });
});
