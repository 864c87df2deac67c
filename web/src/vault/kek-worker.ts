// Runs Argon2id off the main thread (about a second at 64 MiB): the unlock and set-up screens stay responsive.
// The same function as the main thread would run (shared deriveKeyEncryptionKey), so the key is identical.
import { deriveKeyEncryptionKey, type KdfParams } from '@private-notes/shared/vault';

interface KekRequest {
  passphrase: string;
  params: KdfParams;
}

self.onmessage = async (event: MessageEvent<KekRequest>) => {
  try {
    const kek = await deriveKeyEncryptionKey(event.data.passphrase, event.data.params);
    (self as unknown as Worker).postMessage({ kek }, [kek.buffer]);
  } catch (error) {
    (self as unknown as Worker).postMessage({
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
