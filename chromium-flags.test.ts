// Guards the single list of Chromium flags: no Playwright config or benchmark spells out a launch flag or
// the browser's path again; they import chromium-flags.mjs instead.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  chromiumLaunchOptions,
  HIDDEN_BROWSER_UI_FEATURES,
} from './chromium-flags.mjs';

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

/** The command lines of this process's descendants (Chromium's browser, zygotes and renderers). */
function descendants(): string[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {} // gone meanwhile
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents)
      if (ours.has(parent) && !ours.has(pid)) {
        ours.add(pid);
        grew = true;
      }
  }
  ours.delete(process.pid);
  return [...ours]
    .flatMap((pid) => {
      try {
        return [readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')];
      } catch {
        return [];
      }
    })
    .map((args) => args.join(' '));
}

/** What a renderer of a browser launched with these args runs with off, and how many renderers a new tab adds. */
async function launched(args: string[]) {
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), args });
  try {
    const renderers = () => descendants().filter((line) => line.includes('--type=renderer'));
    // A first tab, so that what the browser starts once is running; then what a second tab adds.
    const newTab = async () => {
      const page = await (await browser.newContext()).newPage();
      await page.goto('about:blank');
      // The popup's renderer starts once the tab's window exists; give it the moment it takes.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    };
    await newTab();
    const before = renderers().length;
    await newTab();
    const now = renderers();
    const disabled = now.map((line) => line.match(/--disable-features=(\S+)/)?.[1]).find(Boolean) ?? '';
    return { disabled: new Set(disabled.split(',')), rendererPerTab: now.length - before };
  } finally {
    await browser.close();
  }
}

describe.runIf(existsSync(CHROMIUM_PATH) && process.platform === 'linux')(
  'the browser launched with them',
  () => {
    it('keeps every feature Playwright turns off, and builds no hidden omnibox page for a new tab', async () => {
      const playwrightAlone = await launched(
        CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--disable-features=')),
      );
      const ours = await launched([...CHROMIUM_FLAGS]);
      // Without the list, Playwright's own arrives; with it, every one of those is still off, and ours too.
      expect(playwrightAlone.disabled.size).toBeGreaterThan(5);
      expect([...playwrightAlone.disabled].filter((feature) => !ours.disabled.has(feature))).toEqual([]);
      for (const feature of HIDDEN_BROWSER_UI_FEATURES) expect(ours.disabled.has(feature)).toBe(true);
      // A new tab: its page's renderer and the popup's, or the page's alone.
      expect(playwrightAlone.rendererPerTab).toBe(2);
      expect(ours.rendererPerTab).toBe(1);
    }, 60_000);
  },
);
