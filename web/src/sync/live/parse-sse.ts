// An incremental reader of the server-sent events wire format (what EventSource parses), for a fetch stream:
// fed text as it arrives, it calls back once per complete event, and once per comment line (heartbeats).

export interface SseMessage {
  event: string;
  /** The event's `id:`, or null when it set none. */
  id: string | null;
  data: string;
}

export interface SseHandlers {
  onMessage(message: SseMessage): void;
  onComment?(): void;
}

/** Returns the function to feed text to; lines may end in LF, CRLF or CR, and arrive split anywhere. */
export function createSseParser(handlers: SseHandlers): (text: string) => void {
  let buffer = '';
  let event = '';
  let id: string | null = null;
  let data: string[] = [];
  const dispatch = () => {
    if (data.length > 0) handlers.onMessage({ event: event || 'message', id, data: data.join('\n') });
    event = '';
    id = null;
    data = [];
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return handlers.onComment?.();
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };
  return (text) => {
    buffer += text;
    for (;;) {
      const end = buffer.search(/\r\n|\r|\n/);
      if (end < 0) return;
      // A CR at the very end may be the first half of a CRLF still on its way.
      if (buffer[end] === '\r' && end === buffer.length - 1) return;
      const breakLength = buffer.startsWith('\r\n', end) ? 2 : 1;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + breakLength);
    }
  };
}
