/**
 * `npm run bench:bundle` — what a browser downloads, in gzip KiB of JavaScript, from the built client:
 * the entry with its static imports (every page), then on top of it each page a visitor lands on
 * (its own lazily loaded chunk and what that imports), then all the screens of each area. Budget: a
 * visitor's first page — the entry plus the heaviest of Home, /events and an event page — within
 * 150 KiB. Chunks come from the build's manifest (frontend/dist/.vite/manifest.json); which module is
 * each route's screen, from the `lazyPage(() => import(…))` lines of frontend/src/app/areas (a screen also
 * downloads MUI's theme scope, components/ui/MuiScope; a `plainPage` screen does not); a `landingPage(…)`
 * screen is part of the entry. Then, for the signed-in screens of issue #28's goal 7, the files (scripts and
 * stylesheets) a first visit fetches beyond the entry: a phone fetches six at a time, a round trip each.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const FRONTEND = path.resolve(import.meta.dirname, '../../frontend');
const DIST = path.join(FRONTEND, 'dist');
const AREAS = path.join(FRONTEND, 'src/app/areas');
const BUDGET_KIB = 150;
const LANDING_PAGES = { Home: 'Home', '/events': 'Event-List', '/events/{id}': 'Event-details' } as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

let manifest: Manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
} catch {
  throw new Error('No frontend/dist/.vite/manifest.json: run npm run build first');
}

const gzipKiB = (file: string) => gzipSync(readFileSync(path.join(DIST, file))).length / 1024;
const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipKiB(file), 0);
const round = (kib: number) => Math.round(kib * 10) / 10;

/** The script files of a chunk and of everything it imports statically (with their stylesheets, `withCss`): what loading it costs. */
function closure(key: string, into = new Set<string>(), withCss = false): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  if (withCss) for (const stylesheet of chunk.css ?? []) into.add(stylesheet);
  for (const imported of chunk.imports ?? []) closure(imported, into, withCss);
  return into;
}

const MUI_SCOPE = 'src/components/ui/MuiScope.tsx';

/** Issue #28 goal 7's signed-in screens, and the parts the profile draws with it (chunks of their own, fetched alongside). */
const SIGNED_IN_SCREENS: Record<string, string[]> = {
  '/profile': [
    'src/features/profiles/components/ProfilePage.tsx',
    'src/features/stewarding/components/MyTicketsSection.tsx',
    'src/features/bidding/components/BidderPanel.tsx',
    'src/features/notifications/components/NotificationSettings.tsx',
  ],
  standings: ['src/features/competitions/components/StandingsPage.tsx'],
  'series details': ['src/features/competitions/components/SeriesDetailsPage.tsx'],
  'steward queue': ['src/features/stewarding/components/TicketQueuePage.tsx'],
  'a ticket': ['src/features/stewarding/components/TicketPage.tsx'],
  'results grid': ['src/features/competitions/organizer/ResultsPage.tsx'],
};

/** Route name → manifest keys of its screen's module (and the theme scope it needs), by area, read from the areas' page lines. */
function screensByArea(): Map<string, Map<string, string[]>> {
  const areas = new Map<string, Map<string, string[]>>();
  for (const file of readdirSync(AREAS).filter((name) => name.endsWith('Area.tsx'))) {
    const screens = new Map<string, string[]>();
    const source = readFileSync(path.join(AREAS, file), 'utf8');
    for (const [, name] of source.matchAll(/^\s*'?([\w-]+)'?: landingPage\(/gm)) screens.set(name, []);
    for (const [, name, kind, specifier] of source.matchAll(/^\s*'?([\w-]+)'?: (lazyPage|plainPage)\(\s*\(\) => import\('([^']+)'\)/gm)) {
      const module = path.relative(FRONTEND, path.resolve(AREAS, specifier)).replace(/\.js$/, '');
      const key = ['.tsx', '.ts'].map((extension) => module + extension).find((candidate) => candidate in manifest);
      if (!key) throw new Error(`${file}: the screen of ${name} (${specifier}) is not a chunk of the build`);
      screens.set(name, kind === 'lazyPage' ? [key, MUI_SCOPE] : [key]);
    }
    areas.set(file.replace(/Area\.tsx$/, '').toLowerCase(), screens);
  }
  return areas;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The build has no entry chunk');
const entry = closure(entryKey);
const areas = screensByArea();
const onTop = (keys: Iterable<string>) => {
  const files = new Set<string>();
  for (const key of keys) closure(key, files);
  return [...files].filter((file) => !entry.has(file));
};

const rows: Record<string, { 'gzip KiB': number; 'with entry': number; chunks: number }> = {
  'entry (every page)': { 'gzip KiB': round(sum(entry)), 'with entry': round(sum(entry)), chunks: entry.size },
};
let visitorFirstPage = 0;
for (const [label, routeName] of Object.entries(LANDING_PAGES)) {
  const keys = areas.get('public')?.get(routeName);
  if (!keys) throw new Error(`No screen for ${routeName} in PublicArea.tsx`);
  const extra = onTop(keys);
  const total = sum(entry) + sum(extra);
  rows[`+ ${label}`] = { 'gzip KiB': round(sum(extra)), 'with entry': round(total), chunks: extra.length };
  visitorFirstPage = Math.max(visitorFirstPage, total);
}
for (const [area, screens] of areas) {
  if (screens.size === 0) continue;
  const extra = onTop([...screens.values()].flat());
  rows[`+ every ${area} screen (${screens.size})`] = { 'gzip KiB': round(sum(extra)), 'with entry': round(sum(entry) + sum(extra)), chunks: extra.length };
}
const entryFiles = closure(entryKey, new Set(), true);
const screenRows: Record<string, { files: number; 'gzip KiB': number }> = {};
for (const [label, keys] of Object.entries(SIGNED_IN_SCREENS)) {
  const files = new Set<string>();
  for (const key of keys) closure(key, files, true);
  const extra = [...files].filter((file) => !entryFiles.has(file));
  screenRows[label] = { files: extra.length, 'gzip KiB': round(sum(extra)) };
}
const all = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file, index, files) => file.endsWith('.js') && files.indexOf(file) === index);
console.log('\nbench:bundle — JavaScript a browser downloads, by what it opens\n');
console.table(rows);
console.log(
  `visitor's first page (heaviest of ${Object.keys(LANDING_PAGES).join(', ')}): ${visitorFirstPage.toFixed(1)} KiB gzip (budget ${BUDGET_KIB} KiB) — ${visitorFirstPage <= BUDGET_KIB ? 'within' : 'OVER'} budget; all JS: ${sum(all).toFixed(1)} KiB in ${all.length} chunks`,
);
console.log('\nSigned-in screens (issue #28 goal 7): files a first visit fetches beyond the entry, scripts and stylesheets\n');
console.table(screenRows);
