/**
 * A small round-robin load balancer for `bench:scale`, working at the connection level (TCP, as an AWS
 * network load balancer or HAProxy in TCP mode): each new connection, an HTTP keep-alive connection or a
 * websocket, goes to the next backend in turn, and a backend that refuses it (killed) is skipped for the
 * next one, as a health-checking balancer would. No sticky sessions: the clients use the websocket
 * transport only, so a connection is all one client's exchange with one API needs.
 *
 *   node --import @swc-node/register/esm-register test/bench/balancer.ts <port> <processes> <backend url>...
 *
 * It runs `processes` copies behind one port (node:cluster) so that 10,000 proxied sockets (two file
 * descriptors each) stay under the per-process descriptor limit. Prints "balancing on <port>" when all listen.
 */
import cluster from 'node:cluster';
import { connect, createServer, type Socket } from 'node:net';

const [portArgument, processesArgument, ...backendUrls] = process.argv.slice(2);
const backends = backendUrls.map((url) => new URL(url));
let next = 0;

/** Connects to the next backend that accepts, trying each at most once. */
function connectNext(tries = backends.length): Promise<Socket> {
  const backend = backends[next++ % backends.length];
  return new Promise((resolve, reject) => {
    const upstream = connect({ port: Number(backend.port), host: backend.hostname, noDelay: true });
    upstream.once('connect', () => resolve(upstream));
    upstream.once('error', (error) => {
      if (tries > 1) connectNext(tries - 1).then(resolve, reject);
      else reject(error);
    });
  });
}

function serve(): void {
  // Paused until its backend is connected, so nothing the client sends first is read before it can be passed on.
  const server = createServer({ pauseOnConnect: true, noDelay: true }, (client) => {
    client.on('error', () => client.destroy());
    connectNext().then(
      (upstream) => {
        upstream.on('error', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
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
