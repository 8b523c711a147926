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
    // Some bytes are not UTF-8: decoded below, in one pass, each invalid byte read as Windows-1252.
  }
  // UTF-16 code units: never more than the bytes (a 4-byte sequence makes 2 units).
  const units = new Uint16Array(body.length);
  let count = 0;
  for (let index = 0; index < body.length;) {
    const length = utf8SequenceLength(body, index);
    if (length === 0) {
      units[count++] = windows1252(body[index++]);
      continue;
    }
    let codePoint = length === 1 ? body[index] : body[index] & (0xff >> (length + 1));
    for (let offset = 1; offset < length; offset++) codePoint = (codePoint << 6) | (body[index + offset] & 0x3f);
    index += length;
    if (codePoint > 0xffff) {
      codePoint -= 0x10000;
      units[count++] = 0xd800 | (codePoint >> 10);
      units[count++] = 0xdc00 | (codePoint & 0x3ff);
    } else units[count++] = codePoint;
  }
  return new TextDecoder('utf-16le').decode(units.subarray(0, count));
}

/** The length of the valid UTF-8 sequence at `index`, or 0 when the byte there does not start one. */
function utf8SequenceLength(bytes: Buffer, index: number): number {
  const first = bytes[index];
  if (first < 0x80) return 1;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (first >= 0xc2 && first <= 0xdf) length = 2;
  else if (first >= 0xe0 && first <= 0xef) {
    length = 3;
    if (first === 0xe0) low = 0xa0;
    if (first === 0xed) high = 0x9f;
  } else if (first >= 0xf0 && first <= 0xf4) {
    length = 4;
    if (first === 0xf0) low = 0x90;
    if (first === 0xf4) high = 0x8f;
  } else return 0;
  if (index + length > bytes.length) return 0;
  // The second byte's range depends on the first (no overlong forms, surrogates or code points past U+10FFFF).
  if (bytes[index + 1] < low || bytes[index + 1] > high) return 0;
  for (let offset = 2; offset < length; offset++) if ((bytes[index + offset] & 0xc0) !== 0x80) return 0;
  return length;
}

/** The UTF-16 code unit of a Windows-1252 byte. */
function windows1252(byte: number): number {
  return byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_C1.charCodeAt(byte - 0x80) : byte;
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
