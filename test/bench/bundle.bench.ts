/**
 * `npm run bench:bundle` — what each kind of visitor downloads, in gzip KiB, from the built client:
 * the entry with its static imports, then each lazily loaded area on top. Budget: a visitor's first
 * page (entry + public area) within 200 KiB of JavaScript.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../../frontend/dist');
const ASSETS = path.join(DIST, 'assets');
const BUDGET_KIB = 200;

const gzipKiB = (file: string) => gzipSync(readFileSync(path.join(ASSETS, file))).length / 1024;
const staticImports = (file: string) => [...readFileSync(path.join(ASSETS, file), 'utf8').matchAll(/(?:import|from)\s*["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1]);

/** The chunk and everything it imports statically: what loading it costs. */
function closure(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of staticImports(file)) closure(imported, into);
  return into;
}

const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipKiB(file), 0);
const entry = /src="\/assets\/([\w.-]+\.js)"/.exec(readFileSync(path.join(DIST, 'index.html'), 'utf8'))?.[1];
if (!entry) throw new Error('No entry script in frontend/dist/index.html: run npm run build first');

const initial = closure(entry);
const chunks = readdirSync(ASSETS).filter((file) => file.endsWith('.js'));
const areaChunk = (area: string) => chunks.find((file) => file.startsWith(`${area}Area-`));
const rows: Record<string, { 'gzip KiB': number; chunks: number }> = {
  'entry (every page)': { 'gzip KiB': Math.round(sum(initial) * 10) / 10, chunks: initial.size },
};
let visitorFirstPage = 0;
for (const area of ['Public', 'Profile', 'Organizer', 'Admin', 'Steward']) {
  const chunk = areaChunk(area);
  if (!chunk) continue;
  const extra = [...closure(chunk)].filter((file) => !initial.has(file));
  rows[`+ ${area.toLowerCase()} area`] = { 'gzip KiB': Math.round(sum(extra) * 10) / 10, chunks: extra.length };
  if (area === 'Public') visitorFirstPage = sum(initial) + sum(extra);
}
console.log('\nbench:bundle — JavaScript a browser downloads, by what it opens\n');
console.table(rows);
console.log(
  `visitor's first page: ${visitorFirstPage.toFixed(1)} KiB gzip (budget ${BUDGET_KIB} KiB) — ${visitorFirstPage <= BUDGET_KIB ? 'within' : 'OVER'} budget; all JS: ${sum(chunks).toFixed(1)} KiB in ${chunks.length} chunks`,
);
