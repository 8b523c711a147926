import { BadRequestException, Injectable, applyDecorators, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import { FileFieldsInterceptor, FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import sharp from 'sharp';
import { IdempotentUpload } from '../../infra/idempotency/idempotency.js';

/**
 * The one image upload pipeline: every uploaded picture (game, track and car icons, event icons, and
 * later competition banners) arrives as a multipart file next to a JSON text part, is decoded, and is
 * re-encoded to webp within bounds. Anything that does not decode as a raster image is refused (400).
 */

/** The largest upload accepted; larger files are refused by multer with 413 before they are buffered whole. */
export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Decompression-bomb guard: images with more pixels than this are refused. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Formats we decode. SVG and PDF are refused: they are documents, not pictures. */
const DECODABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface ImageBounds {
  width: number;
  height: number;
}

/** Icons: square-ish, shown small. */
export const ICON_BOUNDS: ImageBounds = { width: 512, height: 512 };
/** Banners: wide pictures. */
export const BANNER_BOUNDS: ImageBounds = { width: 1920, height: 1080 };

export interface WebpImage {
  data: Buffer;
  width: number;
  height: number;
}

/** An uploaded file as multer hands it over (memory storage). */
export interface UploadedImage {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/**
 * Decodes `input` and re-encodes it as webp, scaled down (never up) to fit `bounds`, EXIF orientation
 * applied and metadata dropped. `field` names the upload in the 400 for a non-image.
 */
export async function reencodeAsWebp(input: Buffer, bounds: ImageBounds, field = 'icon'): Promise<WebpImage> {
  const notAnImage = () =>
    new BadRequestException({ message: `${field} is not an image (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF)`, errors: { [field]: ['must be an image'] } });
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !DECODABLE_FORMATS.has(format)) throw notAnImage();
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: bounds.width, height: bounds.height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw notAnImage();
  }
}

/** Where a stored image is served (public, cached for a year: the id never changes content). */
export function imageUrl(imageId: string | null | undefined): string | null {
  return imageId ? `/api/images/${imageId}.webp` : null;
}

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const MAX_JSON_PART_BYTES = 256 * 1024;

/**
 * Turns the text part `part` of a multipart request into the object the route's DTO validates
 * (with the global validation pipe, so field errors look like every other 400). A JSON request
 * body `{ "<part>": {...} }` is accepted too, for scripts using an API key.
 */
@Injectable()
class JsonPartInterceptor implements NestInterceptor {
  constructor(private readonly part: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const body = (request.body ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(body).filter((key) => key !== this.part);
    if (unknown.length) throw new BadRequestException(`Unknown part(s): ${unknown.join(', ')}; send "${this.part}" (JSON) and optionally a file`);
    const raw = body[this.part];
    if (raw === undefined || raw === '') {
      throw new BadRequestException({ message: `The ${this.part} part is required: a multipart text field holding JSON`, errors: { [this.part]: ['is required'] } });
    }
    if (typeof raw === 'string') {
      try {
        body[this.part] = JSON.parse(raw) as unknown;
      } catch {
        throw new BadRequestException({ message: `The ${this.part} part is not valid JSON`, errors: { [this.part]: ['must be JSON'] } });
      }
    }
    if (typeof body[this.part] !== 'object' || body[this.part] === null || Array.isArray(body[this.part])) {
      throw new BadRequestException({ message: `The ${this.part} part must be a JSON object`, errors: { [this.part]: ['must be a JSON object'] } });
    }
    request.body = body;
    return next.handle();
  }
}

/** A route's multipart parts: the JSON text part `part`, then the image files read by `files`. */
function jsonPartWithFiles(part: string, fileFields: readonly string[], files: Type<NestInterceptor>): MethodDecorator & ClassDecorator {
  const image = { type: 'string', format: 'binary', description: `Optional image, at most ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} MB; stored as webp` };
  return applyDecorators(
    UseInterceptors(files, new JsonPartInterceptor(part), IdempotentUpload),
    ApiConsumes('multipart/form-data', 'application/json'),
    ApiBody({
      schema: {
        type: 'object',
        required: [part],
        properties: {
          [part]: { type: 'string', description: `The ${part} as JSON` },
          ...Object.fromEntries(fileFields.map((name) => [name, image])),
        },
      },
    }),
  );
}

const uploadLimits = (files: number, parts: number) => ({ fileSize: MAX_IMAGE_UPLOAD_BYTES, files, fields: 4, fieldSize: MAX_JSON_PART_BYTES, parts });

/**
 * A route that takes multipart/form-data: a text field `part` with the JSON object (read with
 * `@Body('<part>') dto: Dto`) and an optional image file `file` (read with `@UploadedFile()`).
 */
export function JsonPartWithImage(part: string, file = 'icon'): MethodDecorator & ClassDecorator {
  return jsonPartWithFiles(part, [file], FileInterceptor(file, { limits: uploadLimits(1, 6) }));
}

/** The files of a route taking several images (`@UploadedFiles()`): each field holds at most one. */
export type UploadedImages<F extends string> = Partial<Record<F, UploadedImage[]>>;

/**
 * As `JsonPartWithImage`, with several optional image files (e.g. a competition's `icon` and
 * `banner`); read them with `@UploadedFiles() files: UploadedImages<'icon' | 'banner'>`.
 */
export function JsonPartWithImages(part: string, files: readonly string[]): MethodDecorator & ClassDecorator {
  const fields = files.map((name) => ({ name, maxCount: 1 }));
  return jsonPartWithFiles(part, files, FileFieldsInterceptor(fields, { limits: uploadLimits(files.length, 4 + files.length) }));
}
