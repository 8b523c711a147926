/** The BullMQ queue of scheduled work (job schedulers: each fires once per period across any number of workers). */
export const SCHEDULED_QUEUE = 'scheduled';

export const SCHEDULED = 'paddock:scheduled';

/** When a scheduled job runs: every `every` milliseconds, or on a cron `cron` pattern (UTC). */
export type ScheduledOptions = { name: string } & ({ every: number; cron?: never } | { cron: string; every?: never });

/**
 * Declares a provider method as scheduled work, beside the module it belongs to. Worker processes
 * find it at boot and run it as a BullMQ job scheduler named `name` (unique; boot fails otherwise),
 * so it fires once per period however many workers run. The method takes no arguments and runs in
 * a request context of its own (injected services' EntityManager works); a throw retries nothing —
 * the next period runs it again — and is kept in the queue dashboard.
 */
export function Scheduled(options: ScheduledOptions) {
  return (_target: object, key: string | symbol, descriptor: { value?: () => Promise<unknown> }) => {
    if (!options.name || options.name.includes(':')) throw new Error(`@Scheduled on ${String(key)} needs a name without ":"`);
    if ((options.every === undefined) === (options.cron === undefined)) throw new Error(`@Scheduled ${options.name}: give exactly one of every or cron`);
    Reflect.defineMetadata(SCHEDULED, options, descriptor.value as object);
  };
}
