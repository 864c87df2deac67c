// The headers that make a bulk mail a well-behaved list mail: List-Id (RFC 2919) and the RFC 8058
// one-click unsubscribe pair, which mail providers show as an "Unsubscribe" button. They are sent as
// prepared (mail-service.ts: nodemailer would MIME-encode the List-Id's quotes), so every byte is made safe
// here: the site title is the owner's free text and may hold anything, a CR LF included.
import { API } from '@private-notes/shared';

/** Control characters (CR and LF among them) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]+/gu;
/** An RFC 2047 encoded-word holds at most 75 characters: 45 bytes of UTF-8 make 60 of base64 plus 12. */
const ENCODED_WORD_BYTES = 45;

/**
 * The List-Id's phrase for a site title: a quoted string when the title is printable ASCII (quotes and
 * backslashes escaped as RFC 5322 quoted-pairs), else RFC 2047 encoded-words; control characters become
 * one space; never a line break.
 */
export function listIdPhrase(siteName: string): string {
  const name = siteName.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/["\\]/g, '\\$&')}"`;
  const words: string[] = [];
  let bytes: number[] = [];
  for (const char of name) {
    const encoded = [...Buffer.from(char, 'utf8')];
    if (bytes.length + encoded.length > ENCODED_WORD_BYTES) {
      words.push(encodedWord(bytes));
      bytes = [];
    }
    bytes.push(...encoded);
  }
  if (bytes.length > 0) words.push(encodedWord(bytes));
  return words.join(' ');
}

function encodedWord(bytes: number[]): string {
  return `=?UTF-8?B?${Buffer.from(bytes).toString('base64')}?=`;
}

export function listId(siteName: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return `${listIdPhrase(siteName)} <newsletter.${host}>`;
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
