// Bundled by bench/vault-kdf.bench.mjs for Chromium: the same vault code the app will run, behind one global.
import {
  createVault,
  formatVaultHeader,
  recommendedKdfCost,
  unlockVault,
} from '../../shared/src/vault/index.ts';

interface BenchNote {
  id: string;
  title: string;
  content: string;
  tags: string[];
}

async function run(notes: BenchNote[], runs: number) {
  const passphrase = 'bench passphrase for the vault';
  const { header } = await createVault(passphrase, { cost: recommendedKdfCost() });
  const text = formatVaultHeader(header);
  const unlocks: number[] = [];
  let vault = await unlockVault(text, passphrase);
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    vault = await unlockVault(text, passphrase);
    unlocks.push(performance.now() - started);
  }
  let started = performance.now();
  const locked = notes.map((n) => ({ id: n.id, text: vault.lockNote(n.id, n) }));
  const lockMs = performance.now() - started;
  const opens: number[] = [];
  let chars = 0;
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    for (const n of locked) chars += vault.openLockedNote(n.id, n.text).fields.content.length;
    opens.push(performance.now() - started);
  }
  return { unlocks, lockMs, opens, chars };
}

(globalThis as { vaultBench?: typeof run }).vaultBench = run;
