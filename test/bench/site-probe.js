/**
 * Preloaded into a bench's site process (`node --import`, see `startBenchSite`'s `probe`): measures the
 * site's own event loop and garbage collector during a phase the bench marks over the IPC channel, and
 * optionally records a CPU profile of that phase. Plain JavaScript: the site runs built code, unregistered.
 *
 *   { probe: 'start', profile?: path }  resets the figures (and starts the profiler)
 *   { probe: 'stop' }                    answers { probe: 'stopped', figures } (and writes the profile)
 *
 * The figures: the process's CPU time (user + system, all its threads), its main thread's time running and
 * time waiting for a CPU (Linux), event-loop delay, GC pauses and the HTTP requests' time inside the site.
 *
 * The event-loop delay is `monitorEventLoopDelay`'s, less its sampling interval (the histogram records
 * the whole interval between its timer's runs), so an idle loop reads 0.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { constants, createHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

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

/**
 * How long each HTTP request took inside the site, from the moment Node parsed its head to the moment its
 * answer was handed to the socket (Node's HTTP diagnostics channels): what a client measures beyond it was
 * spent outside the site's event loop (the kernel, a CPU the site waited for before parsing, the client).
 * Recorded during a phase only, so the measurement costs nothing outside it.
 */
const inSite = createHistogram();
const requestStarts = new WeakMap();
const onRequestStart = ({ request }) => requestStarts.set(request, process.hrtime.bigint());
const onResponseFinish = ({ request }) => {
  const startedAt = requestStarts.get(request);
  if (startedAt !== undefined) inSite.record(process.hrtime.bigint() - startedAt + 1n);
};
const inSiteMs = (nanoseconds) => Math.round(nanoseconds / 1e5) / 10;

let cpuAtStart = process.cpuUsage();
let schedAtStart = mainThreadSchedule();
let profiler = null;
let profilePath = null;
const delayMs = (nanoseconds) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 10) / 10);

process.on('message', (message) => {
  if (message?.probe === 'start') {
    // The profiler first: starting it blocks the loop (for seconds on a busy machine), which is not the phase's.
    const started = message.profile ? startProfiler(message.profile) : Promise.resolve();
    started.then(() => {
      delay.reset();
      inSite.reset();
      subscribe('http.server.request.start', onRequestStart);
      subscribe('http.server.response.finish', onResponseFinish);
      Object.assign(gc, { minor: 0, major: 0, totalMs: 0, maxMs: 0 });
      cpuAtStart = process.cpuUsage();
      schedAtStart = mainThreadSchedule();
      process.send({ probe: 'started' });
    });
  } else if (message?.probe === 'stop') {
    unsubscribe('http.server.request.start', onRequestStart);
    unsubscribe('http.server.response.finish', onResponseFinish);
    const cpu = process.cpuUsage(cpuAtStart);
    const sched = mainThreadSchedule();
    const figures = {
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      mainThread: sched && schedAtStart ? { runMs: Math.round((sched.run - schedAtStart.run) / 1e6), waitMs: Math.round((sched.wait - schedAtStart.wait) / 1e6) } : null,
      loopDelay: { p50: delayMs(delay.percentile(50)), p99: delayMs(delay.percentile(99)), max: delayMs(delay.max) },
      inSite: inSite.count ? { p99: inSiteMs(inSite.percentile(99)), max: inSiteMs(inSite.max) } : null,
      gc: { ...gc, totalMs: Math.round(gc.totalMs), maxMs: Math.round(gc.maxMs * 10) / 10 },
    };
    stopProfiler().then(() => process.send({ probe: 'stopped', figures }));
  }
});
// The channel does not keep the site alive: it stops as it would without the probe.
process.channel?.unref();

/**
 * The main thread's time on a CPU and time runnable but waiting for one (ns, Linux' schedstat): the
 * waiting is the machine's other load holding the event loop up, which no code of the site causes.
 */
function mainThreadSchedule() {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'latin1').split(' ').map(Number);
    return { run, wait };
  } catch {
    return null;
  }
}

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
