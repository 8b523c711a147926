import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DIST = path.resolve(import.meta.dirname, '../../frontend/dist');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const manifest = (): Record<string, ManifestChunk> => JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The code of a chunk and of every chunk it imports statically, near or far. */
function codeWith(chunks: Record<string, ManifestChunk>, chunk: ManifestChunk): string {
  const files = new Set<string>();
  const visit = (next: ManifestChunk) => {
    if (files.has(next.file)) return;
    files.add(next.file);
    for (const key of next.imports ?? []) visit(chunks[key]!);
  };
  visit(chunk);
  return [...files].map((file) => readFileSync(path.join(DIST, file), 'utf8')).join('\n');
}

/** The JavaScript every page loads: the built entry and the chunks it imports statically. */
function firstPageCode(): string {
  const chunks = manifest();
  const entry = Object.values(chunks).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  return codeWith(chunks, entry);
}

/** MUI's component class names (MuiCheckbox-root …) in the code; MuiScope is the site's own lazy theme scope. */
const muiNames = (code: string) => [...new Set(code.match(/\bMui(?!Scope\b)[A-Z][A-Za-z]+/g) ?? [])];

/** The signed-in screens goal 7 of issue #28 measures, and the parts the profile draws at load (their own chunks). */
const SIGNED_IN_SCREENS = [
  'src/features/profiles/components/ProfilePage.tsx',
  'src/features/bidding/components/BidderPanel.tsx',
  'src/features/notifications/components/NotificationSettings.tsx',
  'src/features/stewarding/components/MyTicketsSection.tsx',
  'src/features/competitions/components/StandingsPage.tsx',
  'src/features/competitions/components/SeriesDetailsPage.tsx',
  'src/features/stewarding/components/TicketQueuePage.tsx',
  'src/features/stewarding/components/TicketPage.tsx',
  'src/features/competitions/organizer/ResultsPage.tsx',
];

describe("the built web client's JavaScript", () => {
  it('carries no MUI component and no Emotion: they come with the screens and parts that use them', () => {
    const code = firstPageCode();
    expect(muiNames(code)).toEqual([]);
    expect(code).not.toMatch(/@emotion\/|emotion-(react|styled|cache)/);
  });

  it.each(SIGNED_IN_SCREENS)('%s loads no MUI and no Emotion: it is built from the plain components', (source) => {
    const chunks = manifest();
    const screen = chunks[source];
    if (!screen) throw new Error(`${source} is not a chunk of the build`);
    const code = codeWith(chunks, screen);
    expect(muiNames(code)).toEqual([]);
    expect(code).not.toMatch(/@emotion\/|emotion-(react|styled|cache)/);
  });
});
