/**
 * A simulated ACC game on the broadcasting port: answers REGISTER_COMMAND_APPLICATION (checking the connection
 * password), entry list and track data requests, and sends each registered client its feed at the update
 * interval it asked for. The race clock starts at the first registration and runs at `speed` × real time.
 */
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { decodeAccBroadcastingRequest } from '../protocols/acc-broadcasting/decode.js';
import { encodeAccBroadcastingMessage } from '../protocols/acc-broadcasting/encode.js';
import type { AccFeed } from './acc-feed.js';
import type { LoggedPacketKind, PacketRecorder } from './packet-log.js';
import { realScheduler, type Scheduler } from './scheduler.js';

export interface AccGameOptions {
  feed: AccFeed;
  port: number;
  host?: string;
  connectionPassword: string;
  speed: number;
  scheduler?: Scheduler;
  record?: PacketRecorder;
  log?: (line: string) => void;
}

interface Client {
  connectionId: number;
  address: string;
  port: number;
  intervalMs: number;
  /** Race time up to which the client has its feed; -1 before the start so the green flag reaches it. */
  sentUntilMs: number;
  cancel: (() => void) | null;
}

/** A floor on the update interval a client asks for, so none can make the simulator spin (the broadcasting app asks for 250 ms). */
const MIN_INTERVAL_MS = 10;

export class AccGame {
  private readonly clients = new Map<number, Client>();
  private nextConnectionId = 1;
  private startedAt: number | null = null;
  /** The connection whose packets `record` writes (the first one). */
  private recordedConnectionId: number | null = null;
  private readonly answered = new Set<LoggedPacketKind>();
  private finish: () => void = () => undefined;
  /** Settles once a client has received the feed to its end. */
  readonly finished: Promise<void> = new Promise((resolve) => (this.finish = resolve));
  private readonly scheduler: Scheduler;

  private constructor(
    private readonly socket: Socket,
    private readonly options: AccGameOptions,
  ) {
    this.scheduler = options.scheduler ?? realScheduler;
    socket.on('message', (packet, sender) => this.receive(packet, sender));
  }

  static async start(options: AccGameOptions): Promise<AccGame> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(options.port, options.host ?? '127.0.0.1', () => {
        socket.off('error', reject);
        resolve();
      });
    });
    return new AccGame(socket, options);
  }

  get port(): number {
    return this.socket.address().port;
  }

  raceTimeMs(): number {
    return this.startedAt === null ? 0 : Math.min(Math.floor((this.scheduler.now() - this.startedAt) * this.options.speed), this.options.feed.endMs);
  }

  async close(): Promise<void> {
    for (const client of this.clients.values()) client.cancel?.();
    this.clients.clear();
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  /** `kind` null: not recorded (a repeated answer, which a replay gives from the first). */
  private send(client: Client, packets: Buffer[], kind: LoggedPacketKind | null, atMs = this.raceTimeMs()): void {
    for (const packet of packets) {
      if (packet.length === 0) continue;
      this.socket.send(packet, client.port, client.address);
      if (kind !== null && client.connectionId === this.recordedConnectionId) this.options.record?.({ atMs, kind, packet });
    }
  }

  private receive(packet: Buffer, sender: RemoteInfo): void {
    const request = decodeAccBroadcastingRequest(packet);
    const client = 'connectionId' in request ? this.clients.get(request.connectionId) : undefined;
    switch (request.kind) {
      case 'register':
        this.register(request.connectionPassword, request.updateIntervalMs, sender);
        break;
      case 'requestEntryList':
        if (client) this.send(client, this.options.feed.entryList(client.connectionId), this.answered.has('entryList') ? null : 'entryList');
        if (client?.connectionId === this.recordedConnectionId) this.answered.add('entryList');
        break;
      case 'requestTrackData':
        if (client) this.send(client, [this.options.feed.trackData(client.connectionId)], this.answered.has('trackData') ? null : 'trackData');
        if (client?.connectionId === this.recordedConnectionId) this.answered.add('trackData');
        break;
      case 'unregister':
        client?.cancel?.();
        this.clients.delete(request.connectionId);
        break;
      default:
        this.options.log?.(`ignored a packet from ${sender.address}:${sender.port} (${request.kind})`);
    }
  }

  private register(password: string, intervalMs: number, sender: RemoteInfo): void {
    if (password !== this.options.connectionPassword) {
      const refusal = encodeAccBroadcastingMessage({ kind: 'registrationResult', connectionId: -1, success: false, readOnly: true, errorMessage: 'Password incorrect' });
      this.socket.send(refusal, sender.port, sender.address);
      this.options.log?.(`refused ${sender.address}:${sender.port}: wrong connection password`);
      return;
    }
    const connectionId = this.nextConnectionId++;
    this.startedAt ??= this.scheduler.now();
    this.recordedConnectionId ??= connectionId;
    const client: Client = {
      connectionId,
      address: sender.address,
      port: sender.port,
      intervalMs: Math.max(MIN_INTERVAL_MS, intervalMs),
      sentUntilMs: this.raceTimeMs() === 0 ? -1 : this.raceTimeMs(),
      cancel: null,
    };
    this.clients.set(connectionId, client);
    // No command password is checked: the simulator takes no commands, so every client is read-only.
    this.socket.send(encodeAccBroadcastingMessage({ kind: 'registrationResult', connectionId, success: true, readOnly: true, errorMessage: '' }), sender.port, sender.address);
    this.options.log?.(`registered ${sender.address}:${sender.port} as connection ${connectionId}, updates every ${client.intervalMs} ms`);
    this.schedule(client);
  }

  private schedule(client: Client): void {
    client.cancel = this.scheduler.after(client.intervalMs, () => this.tick(client));
  }

  private tick(client: Client): void {
    if (!this.clients.has(client.connectionId)) return;
    const now = this.raceTimeMs();
    this.send(client, this.options.feed.streamBetween(client.sentUntilMs, now), 'stream', now);
    client.sentUntilMs = now;
    if (now >= this.options.feed.endMs) {
      client.cancel = null;
      this.finish();
      return;
    }
    this.schedule(client);
  }
}
