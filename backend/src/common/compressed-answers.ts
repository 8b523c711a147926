import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/** How each encoding of ours compresses: brotli at quality 5, about an eighth smaller than gzip's default for 0.1 ms more on an 18 KB list. */
const ENCODERS = {
  br: (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body: Buffer) => gzipSync(body),
} as const;
type Encoding = keyof typeof ENCODERS;
const ENCODINGS = Object.keys(ENCODERS) as Encoding[];

/** Text of any kind, JSON and XML (an iCalendar feed, an error body, a list): what compresses. */
const COMPRESSIBLE_TYPE = /^text\/|[/+](?:json|xml|javascript)\b/i;

/**
 * The encoding each Accept-Encoding header asks for (browsers send one of a few): negotiated once per
 * header text, not on every request. Bounded: a client sending a new header each time only starts it again.
 */
const chosenEncodings = new Map<string, Encoding | null>();
const MAX_REMEMBERED_HEADERS = 200;

/** Compressed copies of Buffer bodies, as long as the body is kept (the read cache's kept answers are sent again and again). */
const encodedCopies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/**
 * Every answer of 1 KB or more of text or JSON goes brotli- or gzip-compressed to a browser that takes
 * it: a page of 25 past events is 18 KB as JSON and 1.6 KB as brotli. Compressed at the very end, when
 * Express hands the finished body to `end`: the ETag (Express', or the read cache's) is the identity
 * body's, so every encoding of an answer has the one weak ETag and a browser's revalidation is a 304
 * whichever it holds; the length is the compressed one. A body sent again, a cached read the process
 * keeps, is compressed once (`encodedCopies`), so the read fast path and Nest's path send the same bytes.
 * Mounted before every other answer: what streams (files, the web client's precompressed assets) goes as it is.
 */
export function compressedAnswers(): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const end = response.end as (this: Response, ...args: unknown[]) => Response;
    response.end = function (this: Response, ...args: unknown[]) {
      const [body] = args;
      if ((typeof body === 'string' || Buffer.isBuffer(body)) && !this.headersSent && isCompressible(this)) {
        if ((typeof body === 'string' ? Buffer.byteLength(body) : body.length) >= COMPRESS_FROM_BYTES) {
          this.vary('Accept-Encoding');
          const encoding = encodingFor(request.headers['accept-encoding']);
          if (encoding) {
            args[0] = typeof body === 'string' ? ENCODERS[encoding](Buffer.from(body, 'utf8')) : keptEncoding(body, encoding);
            this.setHeader('Content-Encoding', encoding);
            this.setHeader('Content-Length', (args[0] as Buffer).length);
          }
        }
      }
      return end.apply(this, args);
    } as Response['end'];
    next();
  };
}

function isCompressible(response: Response): boolean {
  const status = response.statusCode;
  if (status < 200 || status === 204 || status === 304 || response.hasHeader('Content-Encoding')) return false;
  const type = response.getHeader('Content-Type');
  return typeof type === 'string' && COMPRESSIBLE_TYPE.test(type);
}

/** The encoding an Accept-Encoding header takes, remembered per header text. */
function encodingFor(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== 'string' || header === '') return null;
  let chosen = chosenEncodings.get(header);
  if (chosen === undefined) {
    chosen = preferredEncoding(header);
    if (chosenEncodings.size >= MAX_REMEMBERED_HEADERS) chosenEncodings.clear();
    chosenEncodings.set(header, chosen);
  }
  return chosen;
}

/**
 * The encoding of ours the header gives the highest quality (`q`, 1 when not given; `*` for any not
 * named), brotli on a tie: browsers list gzip first and take either. Null when it takes neither.
 */
export function preferredEncoding(header: string): Encoding | null {
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    quality.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  let best: Encoding | null = null;
  let bestQuality = 0;
  for (const encoding of ENCODINGS) {
    const q = quality.get(encoding) ?? quality.get('*') ?? 0;
    if (q > bestQuality) [best, bestQuality] = [encoding, q];
  }
  return best;
}

/** A Buffer body compressed, kept beside it: the read cache sends the same Buffer for every hit of an entry. */
function keptEncoding(body: Buffer, encoding: Encoding): Buffer {
  let copies = encodedCopies.get(body);
  if (!copies) encodedCopies.set(body, (copies = {}));
  return (copies[encoding] ??= ENCODERS[encoding](body));
}
