/**
 * One entry point for an uploaded result file: checks it is a file worth reading, decodes it (ACC writes
 * UTF-16LE), tells the game from its content and hands it to that game's reader. Either the whole
 * classification comes back or a `ResultFileError` saying what is wrong — never part of one.
 */
import { readAcResult } from './assetto-corsa.js';
import { readAccResult } from './acc.js';
import { type ImportedClassification, ResultFileError } from './classification.js';
import { isRecord } from './json-reader.js';
import { readRfactor2Result } from './rfactor2.js';

export const MAX_RESULT_FILE_BYTES = 5 * 1024 * 1024;
/** Real result files nest a handful of levels; anything deeper is not one (and would be costly to walk). */
export const MAX_JSON_DEPTH = 32;

const NOT_A_RESULT = 'Not an ACC, Assetto Corsa or rFactor 2 result file';

export function parseResultFile(bytes: Buffer, fileName: string): ImportedClassification {
  if (bytes.length > MAX_RESULT_FILE_BYTES) {
    throw new ResultFileError(
      `The file is ${(Math.ceil((bytes.length / 1024 / 1024) * 10) / 10).toFixed(1)} MB; a result file is at most ${MAX_RESULT_FILE_BYTES / 1024 / 1024} MB`,
    );
  }
  const text = decode(bytes, fileName).trim();
  if (text === '') throw new ResultFileError('The file is empty');
  if (text.startsWith('{')) return readJson(text);
  if (text.startsWith('<')) return readRfactor2Result(text);
  throw new ResultFileError(`${NOT_A_RESULT}${extensionHint(fileName)}`);
}

/** UTF-16 by its byte-order mark, or without one by its zero high bytes (result files start with ASCII); else UTF-8. Rivals reads lap lists with it too. */
export function decode(bytes: Buffer, fileName: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] !== 0 && bytes[1] === 0) return new TextDecoder('utf-16le').decode(bytes);
  let text: string | null;
  try {
    // Strict: invalid UTF-8 means the upload is not a text file at all (a UTF-8 byte-order mark is dropped).
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = null;
  }
  if (text === null || text.includes('\u0000')) throw new ResultFileError(`${NOT_A_RESULT}: it is not a text file${extensionHint(fileName)}`);
  return text;
}

function readJson(text: string): ImportedClassification {
  checkJsonDepth(text);
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // V8 says where it stopped: stopping at the very end means the text ended mid-document.
    const stoppedAt = /at position (\d+)/.exec(detail)?.[1];
    const endsEarly = /end of JSON input|Unterminated string/i.test(detail) || (stoppedAt !== undefined && Number(stoppedAt) >= text.length - 1);
    const cutShort = endsEarly ? ' — the file looks cut short' : '';
    throw new ResultFileError(`The file is not valid JSON (${detail})${cutShort}`);
  }
  const has = (key: string) => isRecord(file) && Object.hasOwn(file, key);
  if (has('sessionResult') || has('leaderBoardLines') || (has('sessionType') && has('trackName'))) return readAccResult(file);
  if (has('Result') || (has('Type') && has('TrackName'))) return readAcResult(file);
  throw new ResultFileError(`${NOT_A_RESULT}: the JSON has none of ACC's (sessionResult) or Assetto Corsa's (Result) fields`);
}

/** Counts bracket depth outside strings before parsing, so a hostile document is refused cheaply. */
function checkJsonDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (++depth > MAX_JSON_DEPTH) throw new ResultFileError(`${NOT_A_RESULT}: the JSON is nested more than ${MAX_JSON_DEPTH} levels deep`);
    } else if (char === '}' || char === ']') depth--;
  }
}

function extensionHint(fileName: string): string {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension && extension !== 'json' && extension !== 'xml' ? ` (server results are .json or .xml files; this is a .${extension} file)` : '';
}
