/** A loopback UDP socket for the simulator's tests: keeps every packet it receives and waits for the ones a test needs. */
import { createSocket, type Socket } from 'node:dgram';

const WAIT_MS = 5000;

export class UdpListener {
  readonly packets: Buffer[] = [];
  private waiters: { check: () => boolean; resolve: () => void }[] = [];

  private constructor(private readonly socket: Socket) {
    socket.on('message', (packet) => {
      this.packets.push(packet);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.check()) return true;
        waiter.resolve();
        return false;
      });
    });
  }

  static async open(): Promise<UdpListener> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return new UdpListener(socket);
  }

  get port(): number {
    return this.socket.address().port;
  }

  send(packet: Buffer, port: number): void {
    this.socket.send(packet, port, '127.0.0.1');
  }

  /** Resolves once `check` holds over the packets received so far. */
  until(check: () => boolean, what: string): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what} (${this.packets.length} packets received)`)), WAIT_MS);
      timer.unref();
      this.waiters.push({
        check,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /** Resolves once `count` packets in all have arrived. */
  untilCount(count: number): Promise<void> {
    return this.until(() => this.packets.length >= count, `${count} packets`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}
