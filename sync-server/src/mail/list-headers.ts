// The headers that make a bulk mail a well-behaved list mail: List-Id (RFC 2919) and the RFC 8058
// one-click unsubscribe pair, which mail providers show as an "Unsubscribe" button.
import { API } from '@private-notes/shared';

export function listId(siteName: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return `"${siteName.replace(/["\\]/g, '')}" <newsletter.${host}>`;
}

export function listHeaders(
  siteName: string,
  publicUrl: string,
  unsubscribeToken: string,
): Record<string, string> {
  return {
    'List-Id': listId(siteName, publicUrl),
    'List-Unsubscribe': `<${publicUrl}${API.unsubscribeOneClick}?token=${encodeURIComponent(unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}
