import type { ErrorBody } from '../contracts/api.js';

export function errorBody(status: number, message: string, path: string, errors?: Record<string, string[]>): ErrorBody {
  return { timestamp: new Date().toISOString(), status, message, path, ...(errors ? { errors } : {}) };
}
