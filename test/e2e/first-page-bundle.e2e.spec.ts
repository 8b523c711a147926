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

describe("the built web client's JavaScript", () => {
  it('carries no MUI component and no Emotion: they come with the screens and parts that use them', () => {
    const code = firstPageCode();
    expect(muiNames(code)).toEqual([]);
    expect(code).not.toMatch(/@emotion\/|emotion-(react|styled|cache)/);
  });
});
