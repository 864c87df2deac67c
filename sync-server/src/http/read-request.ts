// One request's head as the public front reads it (http/public-front.ts): what a replay needs, or null for
// anything Node's own parser must read (the front's file comment lists what that is).

/** What Node's parser would refuse or read otherwise: control characters, bare CR or LF, obs-fold. */
const UNUSUAL = /[^\t\x20-\x7e\r\n]|\r(?!\n)|(?<!\r)\n|\n[ \t]/;
const REQUEST_LINE = /^(GET|HEAD) (\/[\x21-\x7e]*) HTTP\/1\.1$/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A request this front can answer: what the replay needs of it. */
export interface Asked {
  method: 'GET' | 'HEAD';
  url: string;
  host: string;
  forwardedHost: string;
  forwardedProto: string;
  acceptEncoding: string | undefined;
  credentials: boolean;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
  cacheControl: string | undefined;
}

/**
 * Reads one request's head from `text` (the bytes from a request's start up to its blank line, as latin1):
 * what the replay needs, or null when the request is one for Node (see the file's comment).
 */
export function readRequest(text: string): Asked | null {
  if (UNUSUAL.test(text)) return null;
  const lines = text.split('\r\n');
  const requestLine = REQUEST_LINE.exec(lines[0] as string);
  if (requestLine === null) return null;
  const asked: Asked = {
    method: requestLine[1] as 'GET' | 'HEAD',
    url: requestLine[2] as string,
    host: '',
    forwardedHost: '',
    forwardedProto: '',
    acceptEncoding: undefined,
    credentials: false,
    ifNoneMatch: undefined,
    ifModifiedSince: undefined,
    cacheControl: undefined,
  };
  let hasHost = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) return null;
    const value = line.slice(colon + 1).trim();
    switch (name.toLowerCase()) {
      case 'host':
        if (hasHost) return null;
        hasHost = true;
        asked.host = value;
        break;
      case 'accept-encoding':
        if (asked.acceptEncoding !== undefined) return null;
        asked.acceptEncoding = value;
        break;
      case 'x-forwarded-host':
        if (asked.forwardedHost !== '') return null;
        asked.forwardedHost = value;
        break;
      case 'x-forwarded-proto':
        if (asked.forwardedProto !== '') return null;
        asked.forwardedProto = value;
        break;
      case 'if-none-match':
        if (asked.ifNoneMatch !== undefined) return null;
        asked.ifNoneMatch = value;
        break;
      case 'if-modified-since':
        if (asked.ifModifiedSince !== undefined) return null;
        asked.ifModifiedSince = value;
        break;
      case 'cache-control':
        if (asked.cacheControl !== undefined) return null;
        asked.cacheControl = value;
        break;
      case 'cookie':
      case 'authorization':
        asked.credentials = true;
        break;
      // Node's parser reads Proxy-Connection as it reads Connection: `close` ends the connection.
      case 'connection':
      case 'proxy-connection':
        if (value.toLowerCase() !== 'keep-alive') return null;
        break;
      case 'content-length':
      case 'transfer-encoding':
      case 'expect':
      case 'upgrade':
      case 'range':
      case 'te':
      case 'trailer':
      case 'http2-settings':
        return null;
    }
  }
  // HTTP/1.1 requires Host; Node answers its absence.
  return hasHost ? asked : null;
}
