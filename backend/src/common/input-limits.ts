import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Limits every request body and text value must stay within, checked once for all routes: JSON
 * nesting at the parser (before any session, auth or validation work), and text content in the
 * validation pipe (JSON bodies, JSON parts of multipart bodies, query and path parameters).
 */

/** The largest request body (JSON or form) accepted; larger bodies are answered with 413. */
export const BODY_LIMIT = '1mb';

/** Nesting of arrays and objects allowed in a JSON body; real bodies nest 6 levels deep at most. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** An http-errors style error the body parser passes on as it is; the error filter knows its `type`. */
class BodyRefused extends Error {
  readonly expose = true;
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * How deeply the JSON text nests arrays and objects, stopping as soon as it exceeds `limit`. A single
 * pass over the bytes, outside strings: a 1 MB body takes about a millisecond, against a second of
 * stack-overflowing recursion in class-transformer for 100,000 open brackets.
 */
export function jsonDepthExceeds(bytes: Uint8Array, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

/** `verify` of express.json(): refuses over-deep JSON (400) before it is parsed. */
export function verifyJsonBody(_request: IncomingMessage, _response: ServerResponse, body: Buffer, encoding: string): void {
  // RFC 8259: JSON exchanged between systems is UTF-8; the byte scan relies on it.
  if (encoding.toLowerCase().replace('-', '') !== 'utf8') {
    throw new BodyRefused(415, 'charset.unsupported', 'The request body charset is not supported');
  }
  if (jsonDepthExceeds(body)) throw new BodyRefused(400, 'entity.too.deep', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
}

export type TextProblem = 'nul' | 'surrogate' | 'depth';

export const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  nul: 'must not contain NUL characters (\\u0000)',
  surrogate: 'must be valid Unicode text (it contains a lone surrogate)',
  depth: `nests deeper than ${MAX_JSON_DEPTH} levels`,
};

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemIn(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/**
 * Every text value (and object key) PostgreSQL could not store — NUL characters and lone UTF-16
 * surrogates — by the path of its field (`raceEvents.0.name`); `root` names a bare value. Walks
 * iteratively and reports values nested beyond MAX_JSON_DEPTH instead of descending into them, so
 * any value (e.g. a parsed multipart JSON part) is safe to inspect.
 */
export function findTextProblems(value: unknown, root = ''): Record<string, TextProblem> {
  const problems: Record<string, TextProblem> = {};
  const join = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = problemIn(current);
      if (problem) problems[path || 'value'] = problem;
      continue;
    }
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    if (depth >= MAX_JSON_DEPTH) {
      problems[path || 'value'] = 'depth';
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const keyProblem = problemIn(key);
      if (keyProblem) {
        problems[join(path, JSON.stringify(key).slice(1, -1))] = keyProblem;
        continue;
      }
      stack.push({ value: item, path: join(path, key), depth: depth + 1 });
    }
  }
  return problems;
}
