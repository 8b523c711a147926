import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DownloadDto } from '../../backend/src/contracts/community.js';
import { Download, DownloadFile } from '../../backend/src/modules/community/community.entities.js';
import { FILES } from '../factories/community.js';
import type { CookieJar } from '../support/sign-in.js';
import { nextMessage, socketsClosedAfterEach } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { json } from '../support/responses.js';

function form(download: unknown, file?: { data: Buffer; name: string; type?: string }): FormData {
  const body = new FormData();
  body.set('download', typeof download === 'string' ? download : JSON.stringify(download));
  if (file) body.set('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return body;
}

/** Downloads: files checked by their bytes and size, stored in the storage folder, served as attachments, counted, versions kept. */
describe('downloads', () => {
  let t: TestApp;
  let admin: CookieJar;
  let driver: CookieJar;
  let folder: string;
  const open = socketsClosedAfterEach();

  const save = (download: unknown, file?: { data: Buffer; name: string; type?: string }, as: CookieJar | null = admin) =>
    t.request('/api/downloads/admin', { method: 'PUT', as: as ?? undefined, body: form(download, file) });
  const stored = async () => (await readdir(folder)).filter((name) => name !== 'incoming').sort();
  const incoming = () => readdir(path.join(folder, 'incoming'));
  const errorsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string[]>; timestamp: string; path: string };
    expect(body).toMatchObject({ status: 400, timestamp: expect.any(String), path: '/api/downloads/admin' });
    return body.errors;
  };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'paddock-downloads-'));
    t = await startTestApp({ worker: true, env: { DOWNLOADS_DIR: folder, DOWNLOADS_MAX_MB: '1' } });
    [admin, driver] = [await t.signIn('admin'), await t.signIn('driver')];
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('refuses uploads and admin reads to visitors (401) and drivers (403), storing nothing', async () => {
    for (const [as, status] of [
      [null, 401],
      [driver, 403],
    ] as const) {
      expect((await save({ title: 'Nope', category: 'RULEBOOK' }, { data: FILES.pdf(), name: 'nope.pdf' }, as)).status).toBe(status);
      expect((await t.request('/api/downloads/admin/1', { as: as ?? undefined })).status).toBe(status);
      expect((await t.request('/api/downloads/admin/1', { method: 'DELETE', as: as ?? undefined })).status).toBe(status);
    }
    expect(await t.em().count(Download)).toBe(0);
    expect(await stored()).toEqual([]);
    expect(await incoming()).toEqual([]);
  });

  it('stores a PDF in the storage folder, lists it, and serves it as an attachment with a safe name, counting each download', async () => {
    const visitor = await open(t.baseUrl);
    const pushed = nextMessage(visitor, 'downloads.changed');
    const saved = await json<DownloadDto>(
      await save(
        { title: 'Season 4 rulebook', game: 'ACC', category: 'RULEBOOK', version: '1.0', notes: 'Read before racing' },
        { data: FILES.pdf(), name: '../../Rule"book; S4 ünïcode.PDF' },
      ),
    );
    expect(saved).toMatchObject({ title: 'Season 4 rulebook', game: 'ACC', category: 'RULEBOOK', version: '1.0', downloadCount: 0, previousVersions: [] });
    expect(saved.file).toMatchObject({ fileName: 'Rule_book_S4_unicode.pdf', contentType: 'application/pdf', size: FILES.pdf().length, version: '1.0' });
    expect((await pushed).downloadId).toBe(saved.id);
    expect(await stored()).toHaveLength(1);
    expect(await incoming()).toEqual([]);

    const response = await t.request(`/api/downloads/${saved.id}/file`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Rule_book_S4_unicode.pdf"');
    expect(response.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(FILES.pdf());
    expect((await t.request(saved.file!.url)).status).toBe(200);

    const file = await t.em().findOneOrFail(DownloadFile, saved.file!.id);
    expect(file.downloadCount).toBe(2);
    const listed = (await json<DownloadDto[]>(await t.request('/api/downloads'))).find((download) => download.id === saved.id)!;
    expect(listed.title).toBe('Season 4 rulebook');
  });

  it('accepts zip, JSON and images by their bytes whatever their names', async () => {
    const zip = await json<DownloadDto>(await save({ title: 'Liveries pack', category: 'LIVERY' }, { data: FILES.zip(), name: 'liveries.bin' }));
    expect(zip.file).toMatchObject({ fileName: 'liveries.zip', contentType: 'application/zip' });
    const setup = await json<DownloadDto>(await save({ title: 'Spa setup', category: 'SETUP' }, { data: FILES.json(), name: 'spa.txt' }));
    expect(setup.file).toMatchObject({ fileName: 'spa.json', contentType: 'application/json' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const skin = await json<DownloadDto>(await save({ title: 'Skin preview', category: 'SKIN' }, { data: png, name: 'preview' }));
    expect(skin.file).toMatchObject({ fileName: 'preview.png', contentType: 'image/png' });
  });

  it('refuses an executable renamed .pdf, text that is not JSON, and an empty file with 400, storing nothing', async () => {
    const before = [await t.em().count(Download), await t.em().count(DownloadFile), (await stored()).length];
    for (const file of [
      { data: FILES.exe(), name: 'rulebook.pdf', type: 'application/pdf' },
      { data: Buffer.from('{"almost": json'), name: 'setup.json' },
      { data: Buffer.from('#!/bin/sh\nrm -rf /\n'), name: 'setup.json' },
      { data: Buffer.alloc(0), name: 'empty.pdf' },
    ]) {
      expect(Object.keys(await errorsOf(await save({ title: 'Bad file', category: 'RULEBOOK' }, file)))).toEqual(['file']);
    }
    expect([await t.em().count(Download), await t.em().count(DownloadFile), (await stored()).length]).toEqual(before);
    expect(await incoming()).toEqual([]);
  });

  it('refuses a file over the size setting with 413, leaving no partial file', async () => {
    const big = Buffer.concat([FILES.pdf(), Buffer.alloc(1024 * 1024 + 10)]);
    const response = await save({ title: 'Too big', category: 'RULEBOOK' }, { data: big, name: 'big.pdf' });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ status: 413, message: expect.stringContaining('1 MB') });
    expect(await t.em().count(Download, { title: 'Too big' })).toBe(0);
    expect(await incoming()).toEqual([]);
  });

  it('answers bad input with 400 and the fields named: no file for a new download, unknown category, bad JSON, unknown parts', async () => {
    const before = await t.em().count(Download);
    expect(Object.keys(await errorsOf(await save({ title: 'No file', category: 'RULEBOOK' })))).toEqual(['file']);
    expect(Object.keys(await errorsOf(await save({ title: '', category: 'CHEATS' }, { data: FILES.pdf(), name: 'a.pdf' })))).toEqual(
      expect.arrayContaining(['title', 'category']),
    );
    expect((await save('{nope', { data: FILES.pdf(), name: 'a.pdf' })).status).toBe(400);
    const extra = form({ title: 'X', category: 'OTHER' }, { data: FILES.pdf(), name: 'a.pdf' });
    extra.set('other', new Blob(['x']), 'x.pdf');
    expect((await t.request('/api/downloads/admin', { method: 'PUT', as: admin, body: extra })).status).toBe(400);
    expect((await t.request('/api/downloads/abc/file')).status).toBe(400);
    expect((await t.request('/api/downloads/999999/file')).status).toBe(404);
    expect((await t.request('/api/downloads/files/999999')).status).toBe(404);
    expect(await t.em().count(Download)).toBe(before);
    expect(await incoming()).toEqual([]);
  });

  it('keeps previous versions listed when a file is replaced; the current file is the newest; deleting removes every version', async () => {
    const first = await json<DownloadDto>(await save({ title: 'Monza setup', category: 'SETUP', version: '1' }, { data: FILES.json(), name: 'monza-v1.json' }));
    const second = await json<DownloadDto>(
      await save({ id: first.id, title: 'Monza setup', category: 'SETUP', version: '2' }, { data: Buffer.from('{"wing": 3}'), name: 'monza-v2.json' }),
    );
    expect(second.file).toMatchObject({ fileName: 'monza-v2.json', version: '2' });
    expect(second.previousVersions).toEqual([expect.objectContaining({ id: first.file!.id, fileName: 'monza-v1.json', version: '1' })]);
    // Editing the text alone keeps the files.
    const edited = await json<DownloadDto>(await save({ id: first.id, title: 'Monza quali setup', category: 'SETUP', version: '2' }));
    expect(edited).toMatchObject({ title: 'Monza quali setup', file: { id: second.file!.id }, previousVersions: [{ id: first.file!.id }] });

    expect(Buffer.from(await (await t.request(`/api/downloads/${first.id}/file`)).arrayBuffer()).toString()).toBe('{"wing": 3}');
    expect(Buffer.from(await (await t.request(first.file!.url)).arrayBuffer())).toEqual(FILES.json());
    expect(await json<DownloadDto>(await t.request(`/api/downloads/admin/${first.id}`, { as: admin }))).toMatchObject({ downloadCount: 2 });

    const files = (await stored()).length;
    expect((await t.request(`/api/downloads/admin/${first.id}`, { method: 'DELETE', as: admin })).status).toBe(204);
    expect((await stored()).length).toBe(files - 2);
    expect((await t.request(first.file!.url)).status).toBe(404);
  });
});
