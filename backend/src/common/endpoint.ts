import { RequestMapping, RequestMethod } from '@nestjs/common';
import { splitRouteKey } from '../contracts/http.js';
import type { ResponseOf, RouteKey } from '../contracts/routes.js';

type Answer<Key extends RouteKey> = ResponseOf<Key> | Promise<ResponseOf<Key>>;

/**
 * Binds a handler to its route in the REST contract (`contracts/routes.ts`): the method and path come from
 * the key, and the handler must answer the contract's response type. Controllers take no path of their own.
 */
export function Endpoint<Key extends RouteKey>(key: Key) {
  const { method, path } = splitRouteKey(key);
  const mapping = RequestMapping({ method: RequestMethod[method], path });
  return <Handler extends (...args: never[]) => Answer<Key>>(target: object, name: string | symbol, descriptor: TypedPropertyDescriptor<Handler>): void => {
    mapping(target, name, descriptor);
  };
}
