import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ICON_BOUNDS, imageUrl, reencodeAsWebp } from './image-upload.js';

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#008080' } })
    .toFormat(format)
    .toBuffer();

describe('the image upload pipeline', () => {
  it('re-encodes PNG, JPEG and GIF to webp', async () => {
    for (const format of ['png', 'jpeg', 'gif'] as const) {
      const out = await reencodeAsWebp(await picture(100, 50, format), ICON_BOUNDS);
      expect((await sharp(out.data).metadata()).format).toBe('webp');
      expect(out).toMatchObject({ width: 100, height: 50 });
    }
  });

  it('scales large pictures down to fit the bounds, keeping the aspect ratio, and never scales up', async () => {
    expect(await reencodeAsWebp(await picture(2048, 1024), ICON_BOUNDS)).toMatchObject({ width: 512, height: 256 });
    expect(await reencodeAsWebp(await picture(20, 10), ICON_BOUNDS)).toMatchObject({ width: 20, height: 10 });
  });

  it('refuses text, truncated images and SVG documents with a 400 naming the field', async () => {
    const truncated = (await picture(200, 200)).subarray(0, 60);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    for (const input of [Buffer.from('not an image'), truncated, svg, Buffer.alloc(0)]) {
      const error = await reencodeAsWebp(input, ICON_BOUNDS, 'banner').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BadRequestException);
      expect((error as BadRequestException).getResponse()).toMatchObject({ errors: { banner: ['must be an image'] } });
    }
  });

  it('serves stored images under /api/images', () => {
    expect(imageUrl('abc')).toBe('/api/images/abc.webp');
    expect(imageUrl(null)).toBeNull();
  });
});
