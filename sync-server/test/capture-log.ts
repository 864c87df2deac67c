// A log destination for servers under test: records what it is handed (request lines arrive as bytes,
// many to a write) and reads it back as JSON lines.
export function captureLog() {
  const chunks: string[] = [];
  return {
    destination: {
      write: (chunk: string | Uint8Array) => chunks.push(Buffer.from(chunk).toString('utf8')),
    },
    entries: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line)),
  };
}
