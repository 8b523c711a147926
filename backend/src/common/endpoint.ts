import { applyDecorators, HttpCode, RequestMapping, RequestMethod } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { splitRouteKey, type RouteSpec } from '../contracts/http.js';
import { Access } from './access.js';
import { API_ROUTES, type ResponseOf, type RouteKey } from '../contracts/routes.js';

type Answer<Key extends RouteKey> = ResponseOf<Key> | Promise<ResponseOf<Key>>;

/**
 * Binds a handler to its route in the REST contract (`contracts/routes.ts`): the method, path, who may
 * call it and the success status come from the contract, and the handler must answer the contract's response type. Controllers
 * take no path of their own.
 */
export function Endpoint<Key extends RouteKey>(key: Key) {
  const { method, path } = splitRouteKey(key);
  const spec: RouteSpec<unknown, unknown, unknown> = API_ROUTES[key];
  const status = spec.status ?? 200;
  const decorate = applyDecorators(
    RequestMapping({ method: RequestMethod[method], path }),
    Access(spec.access),
    HttpCode(status),
    ApiResponse({ status, description: 'Success' }),
  );
  return <Handler extends (...args: never[]) => Answer<Key>>(target: object, name: string | symbol, descriptor: TypedPropertyDescriptor<Handler>): void => {
    decorate(target, name, descriptor);
  };
}
