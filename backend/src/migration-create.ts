import { MikroORM } from '@mikro-orm/postgresql';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENTITIES } from './entities.js';
import { databaseOptions } from './infra/database/database.config.js';
import { prepareDatabase } from './infra/database/database-setup.js';
import { runEntryPoint } from './infra/run.js';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../../migrations');

/**
 * `npm run migration:create -- <name>`: brings the database up to date, asks MikroORM what SQL would
 * make it match the entities, and writes that as a new migration in migrations/ (listed in index.ts).
 * Read and edit the SQL before committing: migrations are the contract, the diff is only a draft.
 */
runEntryPoint(async (config) => {
  const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]/gi, '_');
  if (!name) throw new Error('Usage: npm run migration:create -- <name_in_snake_case>');
  await prepareDatabase(config.databaseUrl);
  const orm = await MikroORM.init(databaseOptions(config.databaseUrl, ENTITIES));
  let sql: string;
  try {
    sql = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
  } finally {
    await orm.close(true);
  }
  const statements = sql
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
  if (!statements.length) {
    process.stdout.write('The entities and the migrated schema already agree: no migration needed.\n');
    return;
  }
  const index = path.join(MIGRATIONS, 'index.ts');
  const listing = readFileSync(index, 'utf8');
  // Names order migrations: a new one must sort after every listed one.
  const latest = Math.max(...[...listing.matchAll(/Migration(\d{14})_/g)].map((match) => Number(match[1])));
  const now = Number(new Date().toISOString().replace(/\D/g, '').slice(0, 14));
  const className = `Migration${Math.max(now, latest + 1)}_${name}`;
  const file = path.join(MIGRATIONS, `${className}.ts`);
  if (existsSync(file)) throw new Error(`${file} exists already`);
  const body = statements.map((statement) => `    this.addSql(\`${statement.replace(/`/g, '\\`')};\`);`).join('\n');
  writeFileSync(
    file,
    `import { Migration } from '@mikro-orm/migrations';\n\n/** TODO: say what this migration is for. */\nexport class ${className} extends Migration {\n  override name = '${className}';\n\n  override up(): void {\n${body}\n  }\n}\n`,
  );
  const listed = listing.replace(/(\n\]\.map)/, `\n  ${className},$1`).replace(/(\n\/\*\* Every migration)/, `import { ${className} } from './${className}.js';\n$1`);
  writeFileSync(index, listed);
  process.stdout.write(`Wrote ${path.relative(process.cwd(), file)} (${statements.length} statements) and listed it in migrations/index.ts\n`);
});
