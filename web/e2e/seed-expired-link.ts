// Run by unsubscribe-expired-link.spec.ts before its own server starts on the folder: an active subscriber
// and an unsubscribe link signed 400 days ago with the store's own key (a browser test cannot wait a year).
// Prints the token.
import { createApp } from '../../sync-server/src/app.ts';
import { loadConfig } from '../../sync-server/src/config.ts';
import { mailTokenKey, signUnsubscribeToken } from '../../sync-server/src/mail/mail-tokens.ts';

const [dataDir, email] = process.argv.slice(2);
const handle = await createApp(
  loadConfig({ DATA_DIR: dataDir, OWNER_PASSWORD: 'e2e-owner-password-1', LOG_REQUESTS: 'false' }),
);
const at = new Date().toISOString();
const subscriber = await handle.store.write((tx) =>
  tx.insert('subscribers', {
    email: email!,
    name: null,
    interests: [],
    active: true,
    status: 'active',
    subscribedAt: at,
    confirmedAt: at,
  }),
);
const key = await mailTokenKey(handle.store);
console.log(`TOKEN ${signUnsubscribeToken(key, subscriber.id, new Date(Date.now() - 400 * 86_400_000))}`);
await handle.close();
process.exit(0);
