import net from 'node:net';

/**
 * A TCP proxy in front of Postgres that a test can make misbehave the way networks do: hang
 * (nothing gets through either way, connections stay open, as when the database is frozen or a
 * link stalls) and cut (every connection reset, new ones refused, as when it is down or a proxy
 * restarts).
 */
export class TcpProxy {
  private readonly server: net.Server;
  private readonly pairs = new Set<{ client: net.Socket; upstream?: net.Socket }>();
  private state: 'up' | 'hung' | 'down' = 'up';
  port = 0;

  private constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxy.port = (proxy.server.address() as net.AddressInfo).port;
    return proxy;
  }

  private accept(client: net.Socket): void {
    if (this.state === 'down') {
      client.destroy();
      return;
    }
    const pair: { client: net.Socket; upstream?: net.Socket } = { client };
    this.pairs.add(pair);
    const end = () => {
      client.destroy();
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', end);
    client.on('close', end);
    const connect = () => {
      const upstream = net.connect(this.target.port, this.target.host);
      pair.upstream = upstream;
      upstream.on('error', end);
      upstream.on('close', end);
      client.pipe(upstream);
      upstream.pipe(client);
      if (this.state === 'hung') this.pause(pair);
    };
    if (this.state === 'hung') {
      client.pause();
      // Connected to the database only once the hang is over.
      (pair as { connect?: () => void }).connect = connect;
    } else connect();
  }

  private pause(pair: { client: net.Socket; upstream?: net.Socket }): void {
    pair.client.pause();
    pair.upstream?.pause();
  }

  /** Nothing passes either way until resume(); connections stay open. */
  hang(): void {
    this.state = 'hung';
    for (const pair of this.pairs) this.pause(pair);
  }

  resume(): void {
    this.state = 'up';
    for (const pair of this.pairs) {
      const pending = (pair as { connect?: () => void }).connect;
      if (pending) {
        delete (pair as { connect?: () => void }).connect;
        pending();
      }
      pair.client.resume();
      pair.upstream?.resume();
    }
  }

  /** Every connection is reset and new ones are refused until restore(). */
  cut(): void {
    this.state = 'down';
    for (const pair of this.pairs) {
      pair.client.resetAndDestroy();
      pair.upstream?.destroy();
    }
    this.pairs.clear();
  }

  restore(): void {
    this.state = 'up';
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
