// The `deriveKek` option of createVault / unlockVault / changePassphrase for the browser: Argon2id in a Web
// Worker, one worker per derivation (closed after, so its 64 MiB are freed). Without workers, on this thread.
import { deriveKeyEncryptionKey, type KekDeriver } from '@private-notes/shared/vault';

export const deriveKekInWorker: KekDeriver = (passphrase, params) => {
  if (typeof Worker === 'undefined') return deriveKeyEncryptionKey(passphrase, params);
  return new Promise<Uint8Array>((resolve, reject) => {
    const worker = new Worker(new URL('./kek-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ kek?: Uint8Array; error?: string }>) => {
      worker.terminate();
      if (event.data.kek) resolve(event.data.kek);
      else reject(new Error(event.data.error ?? 'The passphrase could not be processed.'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      event.preventDefault();
      // A worker that cannot start (a strict policy): derive here rather than fail.
      deriveKeyEncryptionKey(passphrase, params).then(resolve, reject);
    };
    worker.postMessage({ passphrase, params });
  });
};
