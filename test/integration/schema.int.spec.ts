import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** migrations/ is the only way the schema changes: a database migrated from scratch must match the entities exactly. */
describe('schema drift between migrations/ and the entities', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ fromScratch: true });
  });
  afterAll(() => t.close());

  it('needs no schema update after all migrations ran', async () => {
    const orm = t.app.get(MikroORM);
    const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
    expect(sql.trim()).toBe('');
  });

  it('has applied every listed migration', async () => {
    const orm = t.app.get(MikroORM);
    expect(await orm.migrator.getPending()).toEqual([]);
  });
});
