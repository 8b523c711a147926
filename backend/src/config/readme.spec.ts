import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VARIABLES } from './environment.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const README = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');

describe("the README's configuration table", () => {
  it.each(Object.entries(VARIABLES))('documents %s with its default', (name, { default: fallback }) => {
    // Cells may be padded (the README is formatted by Prettier).
    const row = new RegExp(`^\\|\\s*\`${name}\`\\s*\\|\\s*\`${escape(fallback)}\`\\s*\\|`, 'm');
    expect(README).toMatch(row);
  });
});
