import DataLoader from 'dataloader';

/**
 * A service call that answers many keys at once: what each key maps to (a key it does not know is
 * left out). Resolvers keep each as a stable function (a class property), so one request shares one
 * DataLoader per call however many fields ask.
 */
export type BatchRead<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;

/**
 * The DataLoaders of one GraphQL request (made fresh by the GraphQL context for each request, so
 * nothing is cached across requests or callers): every `load` of the same batch read made while a
 * list is resolved is gathered into one call, so nested fields of a list cost one query, not one each.
 */
export class RequestLoaders {
  private readonly loaders = new Map<unknown, DataLoader<unknown, unknown>>();

  /** What `read` answers for `key`, batched with every other key asked in the same tick; null for a key it does not know. */
  load<K, V>(read: BatchRead<K, V>, key: K): Promise<V | null> {
    return this.loader(read).load(key);
  }

  /** The answers for several keys, in their order (null for keys it does not know). */
  async loadMany<K, V>(read: BatchRead<K, V>, keys: readonly K[]): Promise<(V | null)[]> {
    const loader = this.loader(read);
    return Promise.all(keys.map((key) => loader.load(key)));
  }

  private loader<K, V>(read: BatchRead<K, V>): DataLoader<K, V | null> {
    let loader = this.loaders.get(read) as DataLoader<K, V | null> | undefined;
    if (!loader) {
      loader = new DataLoader<K, V | null>(async (keys) => {
        const found = await read(keys);
        return keys.map((key) => found.get(key) ?? null);
      });
      this.loaders.set(read, loader as DataLoader<unknown, unknown>);
    }
    return loader;
  }
}
