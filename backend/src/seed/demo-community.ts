import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { loadConfig } from '../config/environment.js';
import type { DownloadCategory } from '../contracts/community.js';
import { Affiliate, Download, DownloadFile, Product, ProductImage } from '../modules/community/community.entities.js';
import { downloadsFolder } from '../modules/community/downloads/download-upload.js';
import { StoredImage } from '../modules/images/stored-image.entity.js';

/**
 * The community side of the demo league: three affiliates (one paid, with a banner), six products
 * and five downloads whose small files are generated into the downloads folder (a rulebook with an
 * earlier version, two setups, a livery pack, a skin template).
 */

async function picture(em: EntityManager, width: number, height: number, background: string): Promise<StoredImage> {
  const { data, info } = await sharp({ create: { width, height, channels: 3, background } })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return em.create(StoredImage, { id: randomUUID(), data, width: info.width, height: info.height });
}

/** A one-page PDF saying `text`. */
function pdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The fields a zip entry's local and central headers share, from "version needed" (at `at`) to the
 * name's length; flags, method, time and date stay 0.
 */
function writeEntryFields(header: Buffer, at: number, entry: { crc: number; size: number; nameLength: number }): void {
  header.writeUInt16LE(20, at);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.size, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.nameLength, at + 22);
}

/** A zip archive holding `files` uncompressed (method 0). */
function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const entry = { crc, size: data.length, nameLength: fileName.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, entry);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeEntryFields(central, 6, entry);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

interface DownloadSeed {
  title: string;
  game: string | null;
  category: DownloadCategory;
  notes: string;
  /** Oldest first: each is a version. */
  versions: { version: string; fileName: string; contentType: string; data: () => Promise<Buffer> | Buffer }[];
}

const DOWNLOADS: DownloadSeed[] = [
  {
    title: 'League rulebook',
    game: null,
    category: 'RULEBOOK',
    notes: 'Sporting code, penalties and the protest process. Read it before your first race.',
    versions: [
      { version: '3.0', fileName: 'league-rulebook-3.0.pdf', contentType: 'application/pdf', data: () => pdf('League rulebook 3.0') },
      { version: '3.1', fileName: 'league-rulebook-3.1.pdf', contentType: 'application/pdf', data: () => pdf('League rulebook 3.1 - track limits clarified') },
    ],
  },
  {
    title: 'Spa-Francorchamps baseline setup',
    game: 'Assetto Corsa Competizione',
    category: 'SETUP',
    notes: 'A safe, stable setup for the Porsche 911 GT3 R. Tune brake bias to taste.',
    versions: [
      {
        version: '1.0',
        fileName: 'spa-911-gt3-r.json',
        contentType: 'application/json',
        data: () => Buffer.from(JSON.stringify({ car: 'porsche_992_gt3_r', track: 'spa', tyrePressures: [26.8, 26.8, 26.5, 26.5], brakeBias: 57.5, wing: 8 }, null, 2)),
      },
    ],
  },
  {
    title: 'Suzuka wet setup',
    game: 'Gran Turismo 7',
    category: 'SETUP',
    notes: 'For the rain round: more wing, softer rear.',
    versions: [
      {
        version: '1.0',
        fileName: 'suzuka-wet.json',
        contentType: 'application/json',
        data: () => Buffer.from(JSON.stringify({ track: 'suzuka', downforce: { front: 450, rear: 720 }, brakeBalance: -1 }, null, 2)),
      },
    ],
  },
  {
    title: 'Team livery pack',
    game: 'Forza Motorsport',
    category: 'LIVERY',
    notes: 'Purple Haze Racing colours for the GT3 cars.',
    versions: [
      {
        version: '2026',
        fileName: 'team-livery-pack.zip',
        contentType: 'application/zip',
        data: () =>
          zip({
            'README.txt': 'Purple Haze Racing liveries: import the share codes below in Forza.\n',
            'share-codes.txt': 'Porsche 911 GT3 R: 123 456 789\nBMW M4 GT3: 987 654 321\n',
          }),
      },
    ],
  },
  {
    title: 'Helmet skin template',
    game: null,
    category: 'SKIN',
    notes: 'Paint over it in any editor; keep the visor area clear.',
    versions: [
      {
        version: '1.0',
        fileName: 'helmet-template.png',
        contentType: 'image/png',
        data: () =>
          sharp({ create: { width: 256, height: 256, channels: 3, background: '#b39ddb' } })
            .png()
            .toBuffer(),
      },
    ],
  },
];

const PRODUCTS: { name: string; description: string; price: string; currency: string; variants: string[]; colour: string; available: boolean }[] = [
  {
    name: 'League hoodie',
    description: 'Heavy cotton, embroidered logo.',
    price: '49.90',
    currency: 'EUR',
    variants: ['S', 'M', 'L', 'XL'],
    colour: '#7b1fa2',
    available: true,
  },
  {
    name: 'Team T-shirt',
    description: 'Purple Haze Racing colours.',
    price: '24.90',
    currency: 'EUR',
    variants: ['S', 'M', 'L', 'XL', 'XXL'],
    colour: '#9c27b0',
    available: true,
  },
  { name: 'Racing cap', description: 'One size, adjustable.', price: '19.00', currency: 'EUR', variants: [], colour: '#4a148c', available: true },
  { name: 'Sim-rig mouse mat', description: 'XL desk mat with the season calendar.', price: '15.00', currency: 'EUR', variants: ['XL'], colour: '#009688', available: true },
  {
    name: 'Steering-wheel stickers',
    description: 'Driver-number decals for your wheel.',
    price: '5.00',
    currency: 'EUR',
    variants: ['0-9', 'Custom'],
    colour: '#26a69a',
    available: true,
  },
  { name: 'Championship mug', description: 'Season 3 champions edition.', price: '12.50', currency: 'EUR', variants: [], colour: '#ce93d8', available: false },
];

/** Seeds the demo affiliates, products and downloads in `em`'s transaction; download files go to `folder` (the DOWNLOADS_DIR folder). */
export async function seedDemoCommunity(em: EntityManager, folder = downloadsFolder(loadConfig()).root): Promise<void> {
  em.create(Affiliate, {
    name: 'Apex Sim Gear',
    affiliateUrl: 'https://www.example.com/apex-sim-gear',
    monetized: true,
    position: 0,
    icon: await picture(em, 128, 128, '#7b1fa2'),
    banner: await picture(em, 1200, 200, '#4a148c'),
  });
  em.create(Affiliate, { name: 'Pit Wall Radio', affiliateUrl: 'https://www.example.com/pit-wall-radio', position: 1, icon: await picture(em, 128, 128, '#009688') });
  em.create(Affiliate, { name: 'Friendly Racing League', affiliateUrl: 'https://www.example.com/friendly-racing', position: 2, icon: await picture(em, 128, 128, '#ce93d8') });

  for (const [position, seed] of PRODUCTS.entries()) {
    const product = em.create(Product, {
      name: seed.name,
      description: seed.description,
      price: seed.price,
      currency: seed.currency,
      variants: seed.variants,
      shopUrl: `https://shop.example.com/${seed.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      available: seed.available,
      position,
    });
    em.create(ProductImage, { product, image: await picture(em, 600, 600, seed.colour), position: 0 });
  }

  await mkdir(folder, { recursive: true });
  for (const seed of DOWNLOADS) {
    const latest = seed.versions.at(-1)!;
    const download = em.create(Download, { title: seed.title, game: seed.game, category: seed.category, version: latest.version, notes: seed.notes });
    for (const version of seed.versions) {
      const data = await version.data();
      const storedName = `${randomUUID()}.${path.extname(version.fileName).slice(1)}`;
      await writeFile(path.join(folder, storedName), data);
      em.create(DownloadFile, { download, storedName, fileName: version.fileName, contentType: version.contentType, size: data.length, version: version.version });
    }
  }
}
