/**
 * A simulated acServer's UDP plugin port: sends its feed to the plugin's address (`host:port`) as the race runs
 * at `speed` × real time, and answers the plugin's commands (realtime position interval, car info, session
 * info) from its own local port. The race clock starts when it starts.
 */
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { decodeAcServerPluginRequest } from '../protocols/ac-server-plugin/decode.js';
import type { AcFeed } from './ac-feed.js';
import type { PacketRecorder } from './packet-log.js';
import { realScheduler, type Scheduler } from './scheduler.js';

export interface AcServerOptions {
  feed: AcFeed;
  /** Where the plugin listens (the server's UDP_PLUGIN_ADDRESS). */
  host: string;
  port: number;
  /** Where the server takes commands (its UDP_PLUGIN_LOCAL_PORT); 0 picks a free one. */
  localPort?: number;
  speed: number;
  /** Car updates every this many ms of real time until the plugin sets its own interval (0: none). */
  realtimeIntervalMs?: number;
  scheduler?: Scheduler;
  record?: PacketRecorder;
  log?: (line: string) => void;
}

/** How often events go out while the plugin asked for no car updates. */
const EVENT_TICK_MS = 100;
const DEFAULT_REALTIME_INTERVAL_MS = 1000;

export class AcServer {
  private readonly startedAt: number;
  private sentUntilMs = -1;
  private realtimeIntervalMs: number;
  private cancel: (() => void) | null = null;
  private finish: () => void = () => undefined;
  /** Settles once the whole feed, the end of the session included, has been sent. */
  readonly finished: Promise<void> = new Promise((resolve) => (this.finish = resolve));
  private readonly scheduler: Scheduler;

  private constructor(
    private readonly socket: Socket,
    private readonly options: AcServerOptions,
  ) {
    this.scheduler = options.scheduler ?? realScheduler;
    this.startedAt = this.scheduler.now();
    this.realtimeIntervalMs = options.realtimeIntervalMs ?? DEFAULT_REALTIME_INTERVAL_MS;
    socket.on('message', (packet, sender) => this.receive(packet, sender));
    this.tick();
  }

  static async start(options: AcServerOptions): Promise<AcServer> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(options.localPort ?? 0, '127.0.0.1', () => {
        socket.off('error', reject);
        resolve();
      });
    });
    return new AcServer(socket, options);
  }

  /** The local port the server takes commands on. */
  get port(): number {
    return this.socket.address().port;
  }

  raceTimeMs(): number {
    return Math.min(Math.floor((this.scheduler.now() - this.startedAt) * this.options.speed), this.options.feed.endMs);
  }

  async close(): Promise<void> {
    this.cancel?.();
    this.cancel = null;
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  /** `atMs`: the race time the packets tell of. */
  private send(packets: Buffer[], atMs: number): void {
    for (const packet of packets) {
      this.socket.send(packet, this.options.port, this.options.host);
      this.options.record?.({ atMs, kind: 'stream', packet });
    }
  }

  private receive(packet: Buffer, sender: RemoteInfo): void {
    const request = decodeAcServerPluginRequest(packet);
    if (request.kind === 'malformed' || request.kind === 'unknown') {
      this.options.log?.(`ignored a packet from ${sender.address}:${sender.port} (${request.kind})`);
      return;
    }
    if (request.kind === 'realtimePositionInterval') {
      this.realtimeIntervalMs = request.intervalMs;
      this.options.log?.(`car updates every ${request.intervalMs} ms`);
      this.cancel?.();
      this.schedule();
      return;
    }
    // Answers go where everything goes: the plugin's address.
    for (const answer of this.options.feed.answer(request, this.raceTimeMs())) this.socket.send(answer, this.options.port, this.options.host);
  }

  private schedule(): void {
    this.cancel = this.scheduler.after(this.realtimeIntervalMs > 0 ? this.realtimeIntervalMs : EVENT_TICK_MS, () => this.tick());
  }

  private tick(): void {
    const now = this.raceTimeMs();
    this.send(this.options.feed.streamBetween(this.sentUntilMs, now, this.realtimeIntervalMs > 0), now);
    this.sentUntilMs = now;
    if (now >= this.options.feed.endMs) {
      this.cancel = null;
      this.finish();
      return;
    }
    this.schedule();
  }
}
