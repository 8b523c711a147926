import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ResultFileError, parseResultFile } from './index.js';

/** A file of test/fixtures/results. */
export const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../../../test/fixtures/results', name));

/** Why the reader refuses a file; throws when it accepts it, or fails with anything but a ResultFileError. */
export function refusalOf(bytes: Buffer, fileName: string): string {
  try {
    parseResultFile(bytes, fileName);
  } catch (error) {
    if (error instanceof ResultFileError) return error.message;
    throw error;
  }
  throw new Error('the file was accepted');
}

/** A JSON result file a test builds (a variant of a sample), read as `variant.json`. */
export const parseJson = (file: unknown) => parseResultFile(Buffer.from(JSON.stringify(file)), 'variant.json');

/** Why the reader refuses that JSON file. */
export const jsonRefusalOf = (file: unknown) => refusalOf(Buffer.from(JSON.stringify(file)), 'variant.json');
