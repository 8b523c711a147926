/** What the Error dialog shows for a failed call (SPEC §8). */
export interface ApiErrorNotice {
  message: string;
  /** The server's timestamp, or when the client saw the failure. */
  time: string;
  url: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * Reads a failed response body in either shape of SPEC §8:
 * shape 1 `{timestamp, status, message}` (URL = the response URL),
 * shape 2 `{status, detail, instance?}` (URL = instance or empty).
 * Any other shape yields null: nothing is shown.
 */
export function parseErrorBody(body: unknown, responseUrl: string, now: () => Date = () => new Date()): ApiErrorNotice | null {
  if (!isRecord(body)) return null;
  if (present(body.timestamp) && present(body.status) && present(body.message)) {
    return { message: String(body.message), time: String(body.timestamp), url: responseUrl };
  }
  if (present(body.status) && present(body.detail)) {
    return {
      message: String(body.detail),
      time: present(body.timestamp) ? String(body.timestamp) : now().toISOString(),
      url: present(body.instance) ? String(body.instance) : '',
    };
  }
  return null;
}
