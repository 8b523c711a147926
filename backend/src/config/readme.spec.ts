import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VARIABLES } from './environment.js';

const README = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');

describe("the README's configuration table", () => {
  it.each(Object.entries(VARIABLES))('documents %s with its default', (name, { default: fallback }) => {
    expect(README).toContain(`| \`${name}\` | \`${fallback}\` |`);
  });
});
