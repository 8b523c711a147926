/**
 * A small round-robin load balancer for `bench:scale`: HTTP requests and websocket upgrades go to the
 * next backend in turn; a backend that refuses the connection (killed) is skipped for the next one, as a
 * health-checking balancer would. No sticky sessions: the clients use the websocket transport only.
 *
 *   node --import @swc-node/register/esm-register test/bench/balancer.ts <port> <processes> <backend url>...
 *
 * It runs `processes` copies behind one port (node:cluster) so that 10,000 proxied sockets (two file
 * descriptors each) stay under the per-process descriptor limit. Prints "balancing on <port>" when all listen.
 */
import cluster from 'node:cluster';
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';

const [portArgument, processesArgument, ...backendUrls] = process.argv.slice(2);
const backends = backendUrls.map((url) => new URL(url));
let next = 0;

/** Connects to the next backend that accepts, trying each at most once. */
function connectNext(tries = backends.length): Promise<{ upstream: Socket; backend: URL }> {
  const backend = backends[next++ % backends.length];
  return new Promise((resolve, reject) => {
    const upstream = connect(Number(backend.port), backend.hostname);
    upstream.once('connect', () => resolve({ upstream, backend }));
    upstream.once('error', (error) => {
      if (tries > 1) connectNext(tries - 1).then(resolve, reject);
      else reject(error);
    });
  });
}

/** The raw request head, to replay on the upstream connection of an upgrade. */
const head = (req: IncomingMessage) =>
  `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n${req.rawHeaders.map((value, i) => (i % 2 ? `${value}\r\n` : `${value}: `)).join('')}\r\n`;

function serve(): void {
  const server = createServer((req, res) => {
    connectNext().then(
      ({ upstream, backend }) => {
        const proxied = request(
          {
            host: backend.hostname,
            port: backend.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, connection: 'close' },
            createConnection: () => upstream,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
            answer.pipe(res);
          },
        );
        proxied.on('error', () => res.destroy());
        req.pipe(proxied);
      },
      () => res.writeHead(502).end(),
    );
  });
  server.on('upgrade', (req: IncomingMessage, client: Socket, buffered: Buffer) => {
    client.on('error', () => client.destroy());
    connectNext().then(
      ({ upstream }) => {
        upstream.on('error', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.write(head(req));
        if (buffered.length) upstream.write(buffered);
        upstream.pipe(client).pipe(upstream);
      },
      () => client.destroy(),
    );
  });
  server.listen(Number(portArgument), '127.0.0.1', () => process.send?.('listening'));
}

if (cluster.isPrimary) {
  let listening = 0;
  const processes = Number(processesArgument);
  for (let i = 0; i < processes; i += 1) {
    cluster.fork().on('message', (message) => {
      if (message === 'listening' && ++listening === processes) process.stdout.write(`balancing on ${portArgument}\n`);
    });
  }
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  serve();
}
