import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback that a test can cut and restore, or stall and resume, to make a real
 * service (Redis, PostgreSQL) unreachable or unresponsive for the app under test and bring it back,
 * without touching the service itself.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  /** While stalled: the bytes held back, in the order they came, each with where it goes. */
  private held: (() => void)[] | null = null;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((client) => {
      const upstream = createConnection(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      this.forward(client, upstream);
      this.forward(upstream, client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  private forward(from: Socket, to: Socket): void {
    from.on('data', (chunk: Buffer) => {
      const send = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (this.held) this.held.push(send);
      else send();
    });
  }

  /** Keeps connections open (and accepts new ones) but passes nothing either way: the service seems to hang. */
  stall(): void {
    this.held ??= [];
  }

  /** How many chunks are held back by a stall so far. */
  get heldBack(): number {
    return this.held?.length ?? 0;
  }

  /** Passes on what was held back, in order, and everything after it. */
  resume(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const send of held) send();
  }

  /** Drops every open connection and refuses new ones. */
  async cut(): Promise<void> {
    this.held = null;
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Accepts connections again on the same port. */
  async restore(): Promise<void> {
    await this.start(this.port);
  }

  async stop(): Promise<void> {
    await this.cut().catch(() => undefined);
  }
}
