import { UnderscoreNamingStrategy } from '@mikro-orm/postgresql';

type IndexType = Parameters<UnderscoreNamingStrategy['indexName']>[2];

/** PostgreSQL's own suffixes where MikroORM's differ (`_foreign`, `_unique`): the names the migrations gave. */
const POSTGRES_SUFFIX: Partial<Record<IndexType, string>> = { foreign: 'fkey', unique: 'key' };

/**
 * MikroORM's underscore naming, with foreign keys and unique constraints named as PostgreSQL names
 * them itself (`<table>_<columns>_fkey`, `<table>_<columns>_key`), so relations need no name of their own.
 */
export class PostgresNamingStrategy extends UnderscoreNamingStrategy {
  override indexName(tableName: string, columns: string[], type: IndexType): string {
    const name = super.indexName(tableName, columns, type);
    const suffix = POSTGRES_SUFFIX[type];
    return suffix ? name.slice(0, -type.length) + suffix : name;
  }
}
