// Which site a passkey belongs to (WebAuthn's relying party): the origin the browser is on, when the server
// is configured for it (PUBLIC_URL, ALLOWED_ORIGINS, or, without PUBLIC_URL, the host the request came to).
// The RP ID is that origin's host name. A browser on any other origin is answered with PUBLIC_URL, which it
// refuses: a passkey is never made for, or accepted from, a site the server was not configured as.
import type { Request } from 'express';
import type { Config } from '../config.ts';

export interface RelyingParty {
  rpID: string;
  origin: string;
}

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function relyingPartyFor(req: Request, config: Config): RelyingParty {
  const publicOrigin = originOf(config.mail.publicUrl);
  const configured = new Set([publicOrigin, ...config.allowedOrigins.map(originOf)].filter(Boolean));
  const asked = originOf(req.get('origin'));
  let origin: string;
  if (asked && configured.has(asked)) origin = asked;
  else if (publicOrigin) origin = publicOrigin;
  // No PUBLIC_URL: the host this request reached (originCheck has matched a POST's Origin against it).
  else
    origin =
      asked && new URL(asked).host === req.get('host') ? asked : `${req.protocol}://${req.get('host')}`;
  return { origin, rpID: new URL(origin).hostname };
}
