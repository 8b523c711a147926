/** A stored field name as words ("counterBidHours" → "counter bid hours"): the snapshot is read by people. */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** The snapshot with its field names as words. */
export function readable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(readable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [words(name), readable(inner)]));
}
