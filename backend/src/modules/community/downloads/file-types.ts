/**
 * What a download may be, told by its first bytes (never by its name or the browser's type): PDF,
 * zip (setups, liveries, skins), JSON (setups) and images. Anything else — an executable renamed
 * `.pdf` included — is refused.
 */
export interface FileType {
  /** The extension the download is served with. */
  extension: string;
  contentType: string;
}

const PDF: FileType = { extension: 'pdf', contentType: 'application/pdf' };
const ZIP: FileType = { extension: 'zip', contentType: 'application/zip' };
const JSON_TYPE: FileType = { extension: 'json', contentType: 'application/json' };
const PNG: FileType = { extension: 'png', contentType: 'image/png' };
const JPEG: FileType = { extension: 'jpg', contentType: 'image/jpeg' };
const GIF: FileType = { extension: 'gif', contentType: 'image/gif' };
const WEBP: FileType = { extension: 'webp', contentType: 'image/webp' };

const startsWith = (head: Buffer, bytes: number[], at = 0) => head.length >= at + bytes.length && bytes.every((byte, index) => head[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The binary type of a file from its first bytes (at least 16), or null: JSON, which has no signature, is told by `isJsonText`. */
export function binaryTypeOf(head: Buffer): FileType | null {
  if (startsWith(head, ascii('%PDF-'))) return PDF;
  // A zip starts with a local file header, or is empty (end of central directory only).
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return ZIP;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return GIF;
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return WEBP;
  return null;
}

/** Whether `content` is a JSON document (an object or array, UTF-8, an optional BOM). */
export function isJsonText(content: Buffer): boolean {
  const text = content.toString('utf8').replace(/^\uFEFF/, '');
  if (!/^\s*[[{]/.test(text) || text.includes('\u0000') || text.includes('\uFFFD')) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const JSON_FILE_TYPE = JSON_TYPE;

/**
 * The name a download is saved as: the uploader's base name reduced to letters, digits, dot, dash
 * and underscore (no path, no quotes, nothing a header or a file system could misread), at most 100
 * characters, ending in the extension of what the file really is.
 */
export function safeFileName(originalName: string, type: FileType): string {
  const base = (originalName.split(/[\\/]/).pop() ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 100);
  return `${base || 'download'}.${type.extension}`;
}
