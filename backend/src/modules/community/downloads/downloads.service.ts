import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Principal } from '../../../common/principal.js';
import { invalidField } from '../../../common/validation.js';
import { APP_CONFIG, type AppConfig } from '../../../config/environment.js';
import type { DownloadDto, DownloadFileDto } from '../../../contracts/community.js';
import { recordDomainEvent } from '../../../infra/outbox/domain-events.js';
import { recordStaffDeletion, recordStaffSave, snapshotOf } from '../../audit/index.js';
import { Download, DownloadFile } from '../community.entities.js';
import type { DownloadBody } from './download.dto.js';
import { downloadsFolder, type UploadedDownload } from './download-upload.js';
import { JSON_FILE_TYPE, binaryTypeOf, isJsonText, safeFileName, type FileType } from './file-types.js';
import { findOrNotFound } from '../../../common/find-or-not-found.js';

const aggregate = (id: number) => ({ type: 'download', id });
/** What the audit log keeps of a download (its files are named by the new one's name). */
const DOWNLOAD_AUDITED_FIELDS = ['title', 'game', 'category', 'version', 'notes'] as const;

function toFileDto(file: DownloadFile): DownloadFileDto {
  return {
    id: file.id,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    version: file.version,
    uploadedAt: file.uploadedAt.toISOString(),
    downloadCount: file.downloadCount,
    url: `/api/downloads/files/${file.id}`,
  };
}

export function toDownloadDto(download: Download): DownloadDto {
  const [current = null, ...previous] = download.files.getItems().toSorted((a, b) => b.id - a.id);
  return {
    id: download.id,
    title: download.title,
    game: download.game,
    category: download.category,
    version: download.version,
    notes: download.notes,
    downloadCount: download.files.getItems().reduce((sum, file) => sum + file.downloadCount, 0),
    updatedAt: download.updatedAt.toISOString(),
    file: current && toFileDto(current),
    previousVersions: previous.map(toFileDto),
  };
}

/** A stored file ready to send: its stream and the headers it goes with. */
export interface DownloadStream {
  stream: ReadStream;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * The files the league shares. Uploads arrive on disk (streamed), are checked by their bytes, and
 * are kept in the storage folder under a random name; each upload of a download is a version, the
 * newest the current one. Every change commits with `DownloadChanged`.
 */
@Injectable()
export class DownloadsService {
  private readonly folder: { root: string; incoming: string };

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.folder = downloadsFolder(config);
  }

  /** Every download with its versions: by category, then title. */
  async list(): Promise<DownloadDto[]> {
    const downloads = await this.em.fork().find(Download, {}, { populate: ['files'], orderBy: [{ category: 'asc' }, { title: 'asc' }, { id: 'asc' }] });
    return downloads.map(toDownloadDto);
  }

  async details(id: number): Promise<DownloadDto> {
    return toDownloadDto(await this.find(this.em.fork(), id));
  }

  /**
   * Creates (no `id`, a file required) or updates a download; a file becomes its new current
   * version (the earlier ones stay listed). A file that is not a PDF, zip, JSON or image is refused
   * (400) and nothing is stored.
   */
  async save(admin: Principal, body: DownloadBody, upload: UploadedDownload | undefined): Promise<DownloadDto> {
    if (!body.id && !upload) throw invalidField('file', 'file is required for a new download');
    const type = upload ? await this.typeOf(upload) : null;
    const storedName = upload && type ? `${randomUUID()}.${type.extension}` : null;
    if (upload && storedName) {
      await mkdir(this.folder.root, { recursive: true });
      await rename(upload.path, path.join(this.folder.root, storedName));
    }
    try {
      const id = await this.em.transactional(async (em) => {
        const fields = { title: body.title, game: body.game || null, category: body.category, version: body.version || null, notes: body.notes || null };
        const found = body.id ? await this.find(em, body.id) : null;
        const before = found && snapshotOf(found, DOWNLOAD_AUDITED_FIELDS);
        const download = found ? em.assign(found, fields) : em.create(Download, fields);
        if (upload && type && storedName) {
          em.create(DownloadFile, {
            download,
            storedName,
            fileName: safeFileName(upload.originalname, type),
            contentType: type.contentType,
            size: upload.size,
            version: fields.version,
          });
          download.updatedAt = new Date();
        }
        await em.flush();
        recordDomainEvent(em, 'DownloadChanged', aggregate(download.id), { downloadId: download.id });
        const after = { ...snapshotOf(download, DOWNLOAD_AUDITED_FIELDS), ...(upload ? { newFile: upload.originalname } : {}) };
        recordStaffSave(em, admin, { kind: 'download', entityId: download.id, label: download.title, before, after });
        await em.flush();
        return download.id;
      });
      return await this.details(id);
    } catch (error) {
      if (storedName) await unlink(path.join(this.folder.root, storedName)).catch(() => undefined);
      throw error;
    }
  }

  /** Deletes a download, its versions and their files. */
  async remove(admin: Principal, id: number): Promise<void> {
    const storedNames = await this.em.transactional(async (em) => {
      const download = await this.find(em, id);
      const before = snapshotOf(download, DOWNLOAD_AUDITED_FIELDS);
      recordStaffDeletion(em, admin, { kind: 'download', entityId: id, label: download.title, before });
      const names = download.files.getItems().map((file) => file.storedName);
      em.remove(download);
      recordDomainEvent(em, 'DownloadChanged', aggregate(id), { downloadId: id });
      return names;
    });
    await Promise.all(storedNames.map((name) => unlink(path.join(this.folder.root, name)).catch(() => undefined)));
  }

  /** The current file of a download (404 when it has none), counted. */
  async openCurrent(downloadId: number): Promise<DownloadStream> {
    const [file] = await this.em.fork().find(DownloadFile, { download: downloadId }, { orderBy: { id: 'desc' }, limit: 1 });
    if (!file) throw new NotFoundException(`Download ${downloadId} not found or has no file`);
    return this.openCounted(file);
  }

  /** One version's file, counted. */
  async openVersion(fileId: number): Promise<DownloadStream> {
    const file = await this.em.fork().findOne(DownloadFile, fileId);
    if (!file) throw new NotFoundException(`Download file ${fileId} not found`);
    return this.openCounted(file);
  }

  private async openCounted(file: DownloadFile): Promise<DownloadStream> {
    const where = path.join(this.folder.root, file.storedName);
    const size = await stat(where).then(
      (info) => info.size,
      () => null,
    );
    if (size === null) throw new NotFoundException(`The file of download file ${file.id} is missing from storage`);
    // Counted without a domain event: the count is not worth a push; lists show it within the read TTL.
    await this.em.getConnection().execute('update download_files set download_count = download_count + 1 where id = ?', [file.id]);
    return { stream: createReadStream(where), fileName: file.fileName, contentType: file.contentType, size };
  }

  /** What the upload really is, from its bytes; 400 (and the upload removed by the interceptor) for anything not allowed. */
  private async typeOf(upload: UploadedDownload): Promise<FileType> {
    const refused = () => invalidField('file', 'file must be a PDF, a zip, a JSON file or an image (PNG, JPEG, GIF, WebP); its content decides, not its name');
    if (upload.size === 0) throw invalidField('file', 'file is empty');
    const handle = await open(upload.path, 'r');
    const head = Buffer.alloc(16);
    try {
      await handle.read(head, 0, 16, 0);
    } finally {
      await handle.close();
    }
    const binary = binaryTypeOf(head);
    if (binary) return binary;
    // JSON has no signature: it must start like JSON and parse whole.
    if (!/^(\uFEFF)?\s*[[{]/.test(head.toString('utf8'))) throw refused();
    if (isJsonText(await readFile(upload.path))) return JSON_FILE_TYPE;
    throw refused();
  }

  private find(em: EntityManager, id: number): Promise<Download> {
    return findOrNotFound(em, Download, 'Download', id, { populate: ['files'] });
  }
}
