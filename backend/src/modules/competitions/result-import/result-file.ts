/**
 * One entry point for an uploaded result file: checks it is a file worth reading, decodes it (ACC writes
 * UTF-16LE; rFactor 2 may mix Windows-1252 bytes into UTF-8), tells the game from its content and hands it
 * to that game's reader. Either the whole classification comes back or a `ResultFileError` saying what is
 * wrong — never part of one.
 */
import { readAcResult } from './assetto-corsa.js';
import { readAccResult } from './acc.js';
import { type ImportedClassification, NOT_A_RESULT, ResultFileError } from './classification.js';
import { isRecord } from './json-reader.js';
import { readRfactor2Result } from './rfactor2.js';

/** A 6-hour 39-car endurance file is about 3.3 MB: room for longer races and larger grids. */
export const MAX_RESULT_FILE_BYTES = 20 * 1024 * 1024;
/** Real result files nest a handful of levels; anything deeper is not one (and would be costly to walk). */
export const MAX_JSON_DEPTH = 32;

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

/**
 * UTF-16 by its byte-order mark, or without one by its zero high bytes (result files start with ASCII);
 * else UTF-8, where a byte that is not valid UTF-8 is read as Windows-1252 (rFactor 2 writes "Gérard" so
 * in a file declared UTF-8). NUL characters mean it is not a text file at all. Rivals reads lap lists with it too.
 */
export function decode(bytes: Buffer, fileName: string): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else if (bytes.length >= 2 && bytes[0] !== 0 && bytes[1] === 0) text = new TextDecoder('utf-16le').decode(bytes);
  else text = decodeUtf8OrWindows1252(bytes);
  if (text.includes('\u0000')) throw new ResultFileError(`${NOT_A_RESULT}: it is not a text file${extensionHint(fileName)}`);
  return text;
}

/** Windows-1252 characters of the bytes 0x80–0x9F (the rest of its upper half is Latin-1, the same code points). */
const WINDOWS_1252_C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeUtf8OrWindows1252(bytes: Buffer): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    // Some bytes are not UTF-8: decode sequence by sequence, reading each invalid byte as Windows-1252.
  }
  let text = '';
  let start = 0;
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  for (let index = 0; index < body.length;) {
    const length = utf8SequenceLength(body, index);
    if (length > 0) {
      index += length;
      continue;
    }
    text += utf8.decode(body.subarray(start, index)) + windows1252(body[index]);
    index++;
    start = index;
  }
  return text + utf8.decode(body.subarray(start));
}

/** The length of the valid UTF-8 sequence at `index`, or 0 when the byte there does not start one. */
function utf8SequenceLength(bytes: Buffer, index: number): number {
  const first = bytes[index];
  if (first < 0x80) return 1;
  const continuation = (offset: number, low = 0x80, high = 0xbf) => index + offset < bytes.length && bytes[index + offset] >= low && bytes[index + offset] <= high;
  if (first >= 0xc2 && first <= 0xdf) return continuation(1) ? 2 : 0;
  if (first >= 0xe0 && first <= 0xef) {
    const low = first === 0xe0 ? 0xa0 : 0x80;
    const high = first === 0xed ? 0x9f : 0xbf;
    return continuation(1, low, high) && continuation(2) ? 3 : 0;
  }
  if (first >= 0xf0 && first <= 0xf4) {
    const low = first === 0xf0 ? 0x90 : 0x80;
    const high = first === 0xf4 ? 0x8f : 0xbf;
    return continuation(1, low, high) && continuation(2) && continuation(3) ? 4 : 0;
  }
  return 0;
}

function windows1252(byte: number): string {
  return byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_C1[byte - 0x80] : String.fromCharCode(byte);
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
