// Stops the e2e server and drops its database.
import pg from 'pg';

export default async function globalTeardown() {
  const server = globalThis.__E2E_SERVER__;
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (!process.env.E2E_DATABASE_URL) return;
  const databaseUrl = new URL(process.env.E2E_DATABASE_URL);
  const name = databaseUrl.pathname.slice(1);
  databaseUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}
