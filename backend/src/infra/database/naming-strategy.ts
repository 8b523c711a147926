import { UnderscoreNamingStrategy } from '@mikro-orm/postgresql';

type IndexType = Parameters<UnderscoreNamingStrategy['indexName']>[2];

/**
 * MikroORM's underscore naming, with foreign keys named as PostgreSQL names them itself
 * (`<table>_<columns>_fkey`, MikroORM's default is `_foreign`): the names the migrations gave them.
 */
export class PostgresNamingStrategy extends UnderscoreNamingStrategy {
  override indexName(tableName: string, columns: string[], type: IndexType): string {
    if (type !== 'foreign') return super.indexName(tableName, columns, type);
    return super.indexName(tableName, columns, type).replace(/_foreign$/, '_fkey');
  }
}
