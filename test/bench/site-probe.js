/**
 * Preloaded into a bench's site process (`node --import`, see `startBenchSite`'s `probe`): measures the
 * site's own event loop and garbage collector during a phase the bench marks over the IPC channel, and
 * optionally records a CPU profile of that phase. Plain JavaScript: the site runs built code, unregistered.
 *
 *   { probe: 'start', profile?: path }  resets the figures (and starts the profiler)
 *   { probe: 'stop' }                    answers { probe: 'stopped', figures } (and writes the profile)
 *
 * The figures: the process's CPU time (user + system, all its threads), event-loop delay and GC pauses.
 *
 * The event-loop delay is `monitorEventLoopDelay`'s, less its sampling interval (the histogram records
 * the whole interval between its timer's runs), so an idle loop reads 0.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const RESOLUTION_MS = 5;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();

const gc = { minor: 0, major: 0, totalMs: 0, maxMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major += 1;
    else gc.minor += 1;
    gc.totalMs += entry.duration;
    gc.maxMs = Math.max(gc.maxMs, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

let cpuAtStart = process.cpuUsage();
let profiler = null;
let profilePath = null;
const delayMs = (nanoseconds) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 10) / 10);

process.on('message', (message) => {
  if (message?.probe === 'start') {
    delay.reset();
    Object.assign(gc, { minor: 0, major: 0, totalMs: 0, maxMs: 0 });
    cpuAtStart = process.cpuUsage();
    const started = message.profile ? startProfiler(message.profile) : Promise.resolve();
    started.then(() => process.send({ probe: 'started' }));
  } else if (message?.probe === 'stop') {
    const cpu = process.cpuUsage(cpuAtStart);
    const figures = {
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      loopDelay: { p50: delayMs(delay.percentile(50)), p99: delayMs(delay.percentile(99)), max: delayMs(delay.max) },
      gc: { ...gc, totalMs: Math.round(gc.totalMs), maxMs: Math.round(gc.maxMs * 10) / 10 },
    };
    stopProfiler().then(() => process.send({ probe: 'stopped', figures }));
  }
});
// The channel does not keep the site alive: it stops as it would without the probe.
process.channel?.unref();

async function startProfiler(path) {
  profiler = new Session();
  profiler.connect();
  profilePath = path;
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}

async function stopProfiler() {
  if (!profiler) return;
  const { profile } = await profiler.post('Profiler.stop');
  await writeFile(profilePath, JSON.stringify(profile));
  profiler.disconnect();
  profiler = null;
}
