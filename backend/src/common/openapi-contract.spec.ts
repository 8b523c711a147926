import { describe, expect, it } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { RouteSchemas } from '../contracts/route-schemas.js';
import { describeContractRoutes } from './openapi-contract.js';

/** A document as Nest describes it: each route's status, no schema; one class of its own named like a contract type. */
const nestDocument = (): OpenAPIObject => ({
  openapi: '3.0.0',
  info: { title: 'test', version: '1' },
  paths: {
    '/api/maintenance': {
      get: { responses: { '200': { description: 'Success' } } },
      put: {
        responses: { '200': { description: 'Success' } },
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/MaintenanceBody' } } } },
      },
    },
    '/api/config': { post: { responses: { '204': { description: 'Success', content: { 'application/json': { schema: { type: 'object' } } } } } } },
    '/api/users/export': { get: { responses: { '200': { description: 'Success' } } } },
  },
  components: { schemas: { MaintenanceBody: { type: 'object' }, MaintenanceState: { type: 'string' } } },
});

const schemas: RouteSchemas = {
  definitions: { MaintenanceState: { type: 'object', properties: { enabled: { type: 'boolean' } }, required: ['enabled'] } },
  responses: { 'GET /maintenance': { $ref: '#/components/schemas/MaintenanceState' }, 'PUT /maintenance': { $ref: '#/components/schemas/MaintenanceState' } },
  bodies: { 'PUT /maintenance': { $ref: '#/components/schemas/MaintenanceState' } },
};

describe('describeContractRoutes', () => {
  const document = describeContractRoutes(nestDocument(), '/api', schemas);
  const state = { $ref: '#/components/schemas/MaintenanceState_contract' };

  it('gives a JSON route its answer’s and body’s schemas, renaming a shared type whose name Nest took', () => {
    expect(document.paths['/api/maintenance']!.get!.responses['200']).toEqual({ description: 'Success', content: { 'application/json': { schema: state } } });
    expect(document.paths['/api/maintenance']!.put!.requestBody).toEqual({ required: true, content: { 'application/json': { schema: state } } });
    expect(document.components!.schemas).toEqual({
      MaintenanceBody: { type: 'object' },
      MaintenanceState: { type: 'string' },
      MaintenanceState_contract: schemas.definitions.MaintenanceState,
    });
  });

  it('leaves a 204 without content and describes a raw route as binary', () => {
    expect(document.paths['/api/config']!.post!.responses['204']).toEqual({ description: 'Success' });
    expect(document.paths['/api/users/export']!.get!.responses['200']!).toMatchObject({
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    });
  });
});
