// A loopback TCP proxy in front of PostgreSQL that a test can cut and restore: the database "goes away"
// (every connection reset, new ones refused) and comes back on the same port.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Resets every open connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(
  targetPort: number,
  options: { listening?: boolean; port?: number } = {},
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = options.port ?? 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(targetPort, '127.0.0.1');
        sockets.add(client);
        sockets.add(upstream);
        client.pipe(upstream).pipe(client);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });

  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  if (options.listening !== false) await listen();
  else if (port === 0) {
    // Reserve a port number, then free it: the proxy is "down" until restore().
    await listen();
    await stop();
  }
  return {
    get port() {
      return port;
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
