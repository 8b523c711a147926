import { describe, expect, it } from '@jest/globals';
import { binaryTypeOf, isJsonText, safeFileName } from './file-types.js';

const head = (bytes: number[] | string) => {
  const buffer = Buffer.alloc(16);
  (typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes)).copy(buffer);
  return buffer;
};

describe('download file types', () => {
  it('tells PDF, zip and images by their first bytes', () => {
    expect(binaryTypeOf(head('%PDF-1.7'))?.extension).toBe('pdf');
    expect(binaryTypeOf(head([0x50, 0x4b, 0x03, 0x04]))?.extension).toBe('zip');
    expect(binaryTypeOf(head([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.extension).toBe('png');
    expect(binaryTypeOf(head([0xff, 0xd8, 0xff, 0xe0]))?.extension).toBe('jpg');
    expect(binaryTypeOf(head('GIF89a'))?.extension).toBe('gif');
    expect(binaryTypeOf(head('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))?.extension).toBe('webp');
  });

  it('knows no executable or script, whatever it is named', () => {
    expect(binaryTypeOf(head('MZ\u0090\u0000'))).toBeNull();
    expect(binaryTypeOf(head('\u007fELF'))).toBeNull();
    expect(binaryTypeOf(head('#!/bin/sh'))).toBeNull();
    expect(binaryTypeOf(head('RIFF\u0000\u0000\u0000\u0000AVI '))).toBeNull();
  });

  it('takes JSON only when it is an object or array that parses', () => {
    expect(isJsonText(Buffer.from('\uFEFF {"a": [1, 2]}'))).toBe(true);
    expect(isJsonText(Buffer.from('[1, 2'))).toBe(false);
    expect(isJsonText(Buffer.from('"just a string"'))).toBe(false);
    expect(isJsonText(Buffer.from('{"a": "\u0000"}'))).toBe(false);
  });

  it('makes a safe name: no path, quotes or odd characters, the real extension', () => {
    const pdf = binaryTypeOf(head('%PDF-'))!;
    expect(safeFileName('../../etc/passwd', pdf)).toBe('passwd.pdf');
    expect(safeFileName('C:\\Users\\me\\Rule"book; v2.exe', pdf)).toBe('Rule_book_v2.pdf');
    expect(safeFileName('Règles été.PDF', pdf)).toBe('Regles_ete.pdf');
    expect(safeFileName('...', pdf)).toBe('download.pdf');
    expect(safeFileName(`${'a'.repeat(300)}.pdf`, pdf)).toBe(`${'a'.repeat(100)}.pdf`);
  });
});
