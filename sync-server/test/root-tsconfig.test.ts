// The root tsconfig.json is a solution: one `tsc -b` (npm run typecheck) checks every TypeScript project in
// the repository, and an editor opening the root resolves every package. A new project must be listed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function projectsUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (['node_modules', 'dist', 'dist-ssr', '.git'].includes(entry.name) || entry.name.startsWith('.'))
      continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...projectsUnder(relative));
    else if (entry.name === 'tsconfig.json' && dir) found.push(dir);
  }
  return found;
}

describe('root tsconfig.json', () => {
  it('references every TypeScript project and compiles nothing itself', () => {
    const config = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as {
      files?: string[];
      references?: { path: string }[];
    };
    expect(config.files).toEqual([]);
    const referenced = (config.references ?? []).map((ref) => path.normalize(ref.path)).sort();
    expect(referenced).toEqual(projectsUnder('').sort());
  });

  it('is what npm run typecheck builds', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.scripts.typecheck).toBe('tsc -b');
  });
});
