// Guards the single list of Chromium flags: no Playwright config or benchmark spells out a launch flag or
// the browser's path again; they import chromium-flags.mjs instead.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, chromiumLaunchOptions } from './chromium-flags.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

async function launchers(): Promise<string[]> {
  const bench = (await readdir(path.join(root, 'bench'), { recursive: true }))
    .filter((f) => /\.(mjs|ts)$/.test(f) && !f.includes('node_modules'))
    .map((f) => path.join('bench', f));
  const e2e = (await readdir(path.join(root, 'web/e2e'))).map((f) => path.join('web/e2e', f));
  return ['playwright.config.ts', ...bench, ...e2e].filter((f) => /\.(mjs|ts)$/.test(f));
}

describe('chromium flags', () => {
  it('are listed once, headless and sandbox-free', () => {
    expect(CHROMIUM_FLAGS).toContain('--headless');
    expect(CHROMIUM_FLAGS).toContain('--no-sandbox');
    expect(new Set(CHROMIUM_FLAGS).size).toBe(CHROMIUM_FLAGS.length);
    expect(chromiumLaunchOptions().args).toEqual([...CHROMIUM_FLAGS]);
  });

  it('are not repeated by the Playwright config or any benchmark', async () => {
    const offenders: string[] = [];
    for (const file of await launchers()) {
      const text = await readFile(path.join(root, file), 'utf8');
      for (const flag of [...CHROMIUM_FLAGS, '/usr/bin/chromium'])
        if (text.includes(`'${flag}'`)) offenders.push(`${file}: ${flag}`);
    }
    expect(offenders).toEqual([]);
  });

  it('are used by the Playwright config and every benchmark that launches a browser', async () => {
    const missing: string[] = [];
    for (const file of await launchers()) {
      const text = await readFile(path.join(root, file), 'utf8');
      const launches = /chromium\.launch\(|chromeLauncher\.launch\(|launchOptions:/.test(text);
      if (launches && !text.includes('chromium-flags.mjs')) missing.push(file);
    }
    expect(missing).toEqual([]);
  });
});
