// Client ids for new notes: random, URL-safe, and made with getRandomValues because randomUUID is missing
// on plain-http origins (a phone reaching the server over the LAN).
export function newClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return `n${text}`;
}
