/**
 * Runs the tasks of one key one after another in this process, in the order they came; tasks of
 * different keys run side by side. A task runs after the one before it settled, whether it succeeded or
 * failed, in the async context of the call that queued it (its request's abandonment, its idempotency key).
 */
export class OneAtATime<Key> {
  /** The last queued task's settling, by key; gone once the key's queue is empty. */
  private readonly tails = new Map<Key, Promise<void>>();

  run<T>(key: Key, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(settled, settled);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting. */
  get busyKeys(): number {
    return this.tails.size;
  }
}

const settled = (): void => undefined;
