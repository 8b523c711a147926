import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ENTITIES } from '../../backend/src/entities.js';
import { databaseOptions } from '../../backend/src/infra/database/database.config.js';
import { prepareDatabase } from '../../backend/src/infra/database/database-setup.js';
import { seedDemoData } from '../../backend/src/seed/demo-data.js';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/paddock';
const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');
const TEMPLATE_PREFIX = 'paddock_template_';
/** One lock for making templates, whichever migrations: jest workers (and other runs) take turns. */
const TEMPLATE_LOCK = 'paddock test templates';
/**
 * A template of other migrations younger than this may be another checkout's on the same server (a
 * second branch under test): it is kept, so two checkouts do not drop each other's template by turns.
 */
const KEEP_OTHER_TEMPLATES_MS = 60 * 60_000;
/** PostgreSQL's codes for "no such database" and "the template is being accessed by other users". */
const TEMPLATE_GONE = new Set(['3D000', '55006']);

let created = 0;

function urlOf(database: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A database URL on the configured server with a name of its own (process, time, and a count within
 * the process), so parallel jest workers and several apps of one test file never meet. The Redis
 * prefix of a test app is derived from it.
 */
export function uniqueDatabaseUrl(purpose: string): string {
  created += 1;
  return urlOf(`paddock_${purpose}_${process.pid}_${Date.now().toString(36)}_${created}`);
}

/** The template's name: a hash of every file in `migrations/`, so a changed migration makes a new one. */
export function templateDatabaseName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS, { withFileTypes: true }).filter((entry) => entry.isFile())) {
    hash
      .update(`${file.name}\0`)
      .update(readFileSync(path.join(MIGRATIONS, file.name)))
      .update('\0');
  }
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
}

async function withServer<T>(work: (server: pg.Client) => Promise<T>): Promise<T> {
  const server = new pg.Client({ connectionString: urlOf('postgres') });
  await server.connect();
  try {
    return await work(server);
  } finally {
    await server.end();
  }
}

async function isTemplate(server: pg.Client, name: string): Promise<boolean> {
  const found = await server.query('select 1 from pg_database where datname = $1 and datistemplate', [name]);
  return found.rowCount === 1;
}

async function dropDatabase(server: pg.Client, name: string): Promise<void> {
  // A template cannot be dropped until it is an ordinary database again.
  await server.query(`alter database "${name}" is_template false`).catch(() => undefined);
  await server.query(`drop database if exists "${name}" with (force)`);
}

/** Templates of other migrations, and any left half-made by an interrupted run (it has no "made" time). */
async function dropOldTemplates(server: pg.Client, current: string): Promise<void> {
  const templates = await server.query<{ name: string; made: string | null }>(
    `select datname as name, shobj_description(oid, 'pg_database') as made from pg_database
      where starts_with(datname, $1) and datname <> $2`,
    [TEMPLATE_PREFIX, current],
  );
  for (const { name, made } of templates.rows) {
    const age = made ? Date.now() - Date.parse(made) : Infinity;
    if (!(age < KEEP_OTHER_TEMPLATES_MS)) await dropDatabase(server, name);
  }
}

/**
 * The template database of the current `migrations/`, migrated from scratch once: the first caller
 * (of any jest worker) makes it under an advisory lock while the others wait, then all reuse it. Once
 * made it accepts no connections, as cloning needs.
 */
async function migratedTemplate(): Promise<string> {
  const name = templateDatabaseName();
  return withServer(async (server) => {
    if (await isTemplate(server, name)) return name;
    await server.query('select pg_advisory_lock(hashtext($1))', [TEMPLATE_LOCK]);
    try {
      if (await isTemplate(server, name)) return name;
      await dropDatabase(server, name);
      await prepareDatabase(urlOf(name));
      await server.query(`alter database "${name}" with is_template true allow_connections false`);
      await server.query(`comment on database "${name}" is '${new Date().toISOString()}'`);
      await dropOldTemplates(server, name);
      return name;
    } finally {
      await server.query('select pg_advisory_unlock(hashtext($1))', [TEMPLATE_LOCK]);
    }
  });
}

async function cloneTemplate(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  for (let attempt = 1; ; attempt += 1) {
    const template = await migratedTemplate();
    try {
      await withServer((server) => server.query(`create database "${name}" template "${template}"`));
      return;
    } catch (error) {
      // Another checkout on this server replaced the template between finding and cloning it: once more.
      if (attempt > 1 || !TEMPLATE_GONE.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

/**
 * A fresh database with every migration of `migrations/` applied and no rows, cloned from the template
 * (`fromScratch` migrates it instead, for the check that migrations alone make the schema); `seedDemo`
 * also seeds the demo league as `npm start` does (after cloning: the seed's dates are relative to now).
 */
export async function createTestDatabase(purpose: string, options: { seedDemo?: boolean; fromScratch?: boolean } = {}): Promise<string> {
  const databaseUrl = uniqueDatabaseUrl(purpose);
  if (options.fromScratch) await prepareDatabase(databaseUrl);
  else await cloneTemplate(databaseUrl);
  if (!options.seedDemo) return databaseUrl;
  const orm = await MikroORM.init(databaseOptions(databaseUrl, ENTITIES));
  try {
    await seedDemoData(orm.em.fork());
  } finally {
    await orm.close(true);
  }
  return databaseUrl;
}

export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  await withServer((server) => server.query(`drop database if exists "${name}" with (force)`));
}
