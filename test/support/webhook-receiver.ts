import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a Discord channel webhook: records every post and answers with the queued
 * statuses, then 204. `hold()` keeps every answer back until `release()`, so a test can show that a
 * request did not wait for Discord.
 */
export class WebhookReceiver {
  readonly posts: { body: unknown; headers: IncomingMessage['headers'] }[] = [];
  readonly statuses: number[] = [];
  /** Posts answered so far. */
  answered = 0;
  url = '';
  private server!: Server;
  private held: (() => void)[] | null = null;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        this.posts.push({ body: JSON.parse(text) as unknown, headers: request.headers });
        const answer = () => {
          response.statusCode = this.statuses.shift() ?? 204;
          response.end();
          this.answered += 1;
        };
        if (this.held) this.held.push(answer);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/webhooks/1/token`;
  }

  hold(): void {
    this.held ??= [];
  }

  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const answer of held) answer();
  }

  stop(): Promise<void> {
    this.release();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
