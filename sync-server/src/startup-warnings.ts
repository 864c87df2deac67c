// Settings that work but leave the server open to something the owner likely did not intend: printed at start.
import type { Config } from './config.ts';

type Env = Record<string, string | undefined>;

export function startupWarnings(config: Config, env: Env = process.env): string[] {
  const warnings: string[] = [];
  if (config.trustProxy === true)
    warnings.push(
      'TRUST_PROXY=true believes every X-Forwarded-For header, so any client can pick the address the per-IP ' +
        'limits (sign-in, comments, subscriptions) count it under. Set the number of proxies in front of ' +
        'the server instead, e.g. TRUST_PROXY=1.',
    );
  if (config.mail.publicUrl === null && env.NODE_ENV !== 'development')
    warnings.push(
      'PUBLIC_URL is not set: feeds, the sitemap, canonical links and mail links use the address the owner ' +
        `signs in at (until then http://${config.host}:${config.port}), never a visitor's Host, and mail ` +
        'cannot be sent over SMTP. Set PUBLIC_URL=https://your.site.',
    );
  return warnings;
}
