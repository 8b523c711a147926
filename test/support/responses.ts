import { expect } from '@jest/globals';

/** The response's JSON body, expecting `status` (a wrong status fails showing the body, so the server's message is in the failure). */
export async function json<T>(response: Response, status = 200): Promise<T> {
  const body = (await response.json()) as T;
  expect({ status: response.status, body }).toMatchObject({ status });
  return body;
}
