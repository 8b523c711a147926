import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DIST = path.resolve(import.meta.dirname, '../../frontend/dist');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The JavaScript every page loads: the built entry and the chunks it imports statically. */
function firstPageCode(): string {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const files = [entry.file, ...(entry.imports ?? []).map((key) => manifest[key]!.file)];
  return files.map((file) => readFileSync(path.join(DIST, file), 'utf8')).join('\n');
}

describe("the first page's JavaScript (the built web client)", () => {
  it('carries no MUI component and no Emotion: they come with the screens and parts that use them', () => {
    const code = firstPageCode();
    // MUI names each component's classes (MuiCheckbox-root …); MuiScope is the site's own lazy theme scope.
    expect([...new Set(code.match(/\bMui(?!Scope\b)[A-Z][A-Za-z]+/g) ?? [])]).toEqual([]);
    expect(code).not.toMatch(/@emotion\/|emotion-(react|styled|cache)/);
  });
});
