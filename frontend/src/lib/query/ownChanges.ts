import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** How long this browser waits for the echo of its own change. */
const ECHO_WAIT_MS = 15_000;

interface Expected {
  hashes: Set<string>;
  until: number;
}

/**
 * The changes this browser made itself. A mutation writes the API's answer into the cache and says
 * which pushed message will echo it; when that message arrives, the bridge still refreshes what else
 * the change touched, but not the queries this browser already holds fresh — so the changing browser
 * does not fetch twice.
 */
export class OwnChanges {
  private readonly expected = new Map<string, Expected>();

  constructor(private readonly now: () => number = Date.now) {}

  /** `echo` names the message, e.g. `events.changed:12`; `fresh` are the keys written from the answer. */
  expect(echo: string, fresh: QueryKey[]): void {
    const current = this.expected.get(echo);
    const hashes = new Set([...(current && current.until > this.now() ? current.hashes : []), ...fresh.map((key) => hashKey(key))]);
    this.expected.set(echo, { hashes, until: this.now() + ECHO_WAIT_MS });
  }

  /** The query hashes to leave alone for this message (consumed: a later message refreshes them again). */
  take(echo: string): Set<string> {
    const found = this.expected.get(echo);
    this.expected.delete(echo);
    return found && found.until > this.now() ? found.hashes : new Set();
  }
}

const byClient = new WeakMap<QueryClient, OwnChanges>();

/** The own-change record kept beside a query client. */
export function ownChangesOf(queryClient: QueryClient): OwnChanges {
  let changes = byClient.get(queryClient);
  if (!changes) {
    changes = new OwnChanges();
    byClient.set(queryClient, changes);
  }
  return changes;
}
