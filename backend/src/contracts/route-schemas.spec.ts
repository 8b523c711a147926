import { describe, expect, it } from '@jest/globals';
import { GENERATE_COMMAND, generateRouteSchemas } from '../../../scripts/contract-schemas.js';
import { ROUTE_SCHEMAS } from './route-schemas.generated.js';

describe('the routes’ JSON schemas (route-schemas.generated.ts)', () => {
  // Builds a TypeScript program over the contract: a few seconds.
  it(`are those the contract’s types give today (else run \`${GENERATE_COMMAND}\`)`, () => {
    const generated = generateRouteSchemas();
    const stale = (['responses', 'bodies', 'definitions'] as const).flatMap((part) => {
      const keys = new Set([...Object.keys(generated[part]), ...Object.keys(ROUTE_SCHEMAS[part])]);
      return [...keys].filter((key) => JSON.stringify(generated[part][key]) !== JSON.stringify(ROUTE_SCHEMAS[part][key])).map((key) => `${part}: ${key}`);
    });
    if (stale.length > 0) throw new Error(`route-schemas.generated.ts is stale; run \`${GENERATE_COMMAND}\`. Differs: ${stale.join(', ')}`);
    expect(ROUTE_SCHEMAS).toEqual(generated);
  }, 60_000);
});
