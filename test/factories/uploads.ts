import sharp from 'sharp';

/** A real PNG of the given size, to upload as an icon. */
export function pngImage(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7b1fa2' } })
    .png()
    .toBuffer();
}

/** A multipart body as the web client sends it: the record as a JSON text part, plus an optional file. */
export function multipart(part: string, value: unknown, file?: { field?: string; data: Buffer; type: string; name: string }): FormData {
  const form = new FormData();
  form.set(part, typeof value === 'string' ? value : JSON.stringify(value));
  if (file) form.set(file.field ?? 'icon', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}
