// Real small files for the demo data, made here at seed time (nothing is downloaded): PDFs
// written by hand (PDF 1.4, Helvetica, ASCII text), PNG images drawn from simple shapes and
// encoded with node:zlib, a UTF-8 CSV, and one short WebM video kept under seeds/files/
// (made once with ffmpeg: see seeds/files/README.md). Keys are content-addressed, so writing
// the set twice, or from two processes, stores the same bytes under the same names.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { crc32 } from '../api/files/zip';
import type { FileStorage } from '../api/files/storage';
import { cycle, nth } from './seed-utils';

export interface SeedFile {
  key: string;
  contentType: string;
  bytes: Buffer;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function keyFor(name: string, ext: string, bytes: Buffer): string {
  return `seed/${name}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${ext}`;
}

function seedFile(name: string, ext: string, contentType: string, bytes: Buffer): SeedFile {
  return { key: keyFor(name, ext, bytes), contentType, bytes };
}

// ---- PNG ---------------------------------------------------------------------------------

type Rgb = [number, number, number];

export type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; color: Rgb }
  | { kind: 'circle'; cx: number; cy: number; r: number; color: Rgb }
  | { kind: 'stripe'; every: number; width: number; color: Rgb };

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG of the given size: a background and shapes painted in order (later on top). */
export function png(width: number, height: number, background: Rgb, shapes: Shape[]): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  const set = (x: number, y: number, c: Rgb) => {
    const o = y * row + 1 + x * 3;
    raw[o] = c[0];
    raw[o + 1] = c[1];
    raw[o + 2] = c[2];
  };
  for (let x = 0; x < width; x++) set(x, 0, background);
  for (let y = 1; y < height; y++) raw.copy(raw, y * row + 1, 1, row); // filter byte of each row stays 0 (none)
  const clampX = (v: number) => Math.min(Math.max(v, 0), width);
  const clampY = (v: number) => Math.min(Math.max(v, 0), height);
  for (const s of shapes) {
    if (s.kind === 'rect') {
      for (let y = clampY(s.y); y < clampY(s.y + s.h); y++)
        for (let x = clampX(s.x); x < clampX(s.x + s.w); x++) set(x, y, s.color);
    } else if (s.kind === 'circle') {
      for (let y = clampY(s.cy - s.r); y < clampY(s.cy + s.r + 1); y++)
        for (let x = clampX(s.cx - s.r); x < clampX(s.cx + s.r + 1); x++)
          if ((x - s.cx) ** 2 + (y - s.cy) ** 2 <= s.r ** 2) set(x, y, s.color);
    } else {
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) if ((x + y) % s.every < s.width) set(x, y, s.color);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- PDF ---------------------------------------------------------------------------------

const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

/** A PDF 1.4 of A4 pages with a title and lines of text (45 lines a page). */
export function pdf(title: string, lines: string[]): Buffer {
  const perPage = 45;
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += perPage) pages.push(lines.slice(i, i + perPage));
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  pages.forEach((pageLines, i) => {
    const ops = ['BT', '/F1 16 Tf', '56 780 Td', `(${pdfText(title)}) Tj`, '/F1 10 Tf', '0 -28 Td'];
    for (const line of pageLines) ops.push(`(${pdfText(line)}) Tj`, '0 -15 Td');
    ops.push('ET', 'BT', '/F1 8 Tf', '56 30 Td', `(Page ${i + 1} of ${pages.length}) Tj`, 'ET');
    const stream = ops.join('\n');
    objects[nth(pageIds, i)] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${nth(pageIds, i) + 1} 0 R >>`;
    objects[nth(pageIds, i) + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---- The set -----------------------------------------------------------------------------

const C = {
  navy: [24, 52, 94] as Rgb,
  blue: [38, 110, 190] as Rgb,
  sky: [160, 205, 240] as Rgb,
  green: [46, 140, 90] as Rgb,
  mint: [190, 232, 210] as Rgb,
  orange: [236, 128, 40] as Rgb,
  cream: [252, 240, 214] as Rgb,
  red: [200, 50, 60] as Rgb,
  pink: [248, 210, 214] as Rgb,
  purple: [110, 70, 160] as Rgb,
  lavender: [224, 214, 244] as Rgb,
  gray: [120, 128, 140] as Rgb,
  light: [240, 243, 247] as Rgb,
  white: [255, 255, 255] as Rgb,
  yellow: [246, 200, 60] as Rgb,
};

const palette: Array<[Rgb, Rgb, Rgb]> = [
  [C.navy, C.sky, C.yellow],
  [C.green, C.mint, C.white],
  [C.orange, C.cream, C.navy],
  [C.purple, C.lavender, C.yellow],
  [C.red, C.pink, C.white],
  [C.blue, C.light, C.orange],
];

function bannerImage(w: number, h: number, i: number): Buffer {
  const [bg, accent, dot] = cycle(palette, i);
  return png(w, h, bg, [
    { kind: 'stripe', every: 48, width: 6, color: accent },
    {
      kind: 'rect',
      x: Math.round(w * 0.06),
      y: Math.round(h * 0.2),
      w: Math.round(w * 0.5),
      h: Math.round(h * 0.6),
      color: C.white,
    },
    {
      kind: 'rect',
      x: Math.round(w * 0.09),
      y: Math.round(h * 0.32),
      w: Math.round(w * 0.36),
      h: Math.max(4, Math.round(h * 0.08)),
      color: bg,
    },
    {
      kind: 'rect',
      x: Math.round(w * 0.09),
      y: Math.round(h * 0.5),
      w: Math.round(w * 0.28),
      h: Math.max(3, Math.round(h * 0.05)),
      color: accent,
    },
    { kind: 'circle', cx: Math.round(w * 0.78), cy: Math.round(h * 0.5), r: Math.round(h * 0.32), color: dot },
    { kind: 'circle', cx: Math.round(w * 0.78), cy: Math.round(h * 0.5), r: Math.round(h * 0.16), color: C.white },
  ]);
}

function iconImage(i: number, hover: boolean): Buffer {
  const [bg, accent, dot] = cycle(palette, i);
  const size = 120;
  const base = hover ? accent : C.white;
  return png(size, size, base, [
    { kind: 'circle', cx: 60, cy: 60, r: 52, color: hover ? bg : accent },
    { kind: 'rect', x: 36, y: 38, w: 48, h: 44, color: C.white },
    { kind: 'rect', x: 42, y: 46, w: 36, h: 6, color: bg },
    { kind: 'rect', x: 42, y: 58, w: 28, h: 6, color: dot },
    { kind: 'rect', x: 42, y: 70, w: 32, h: 6, color: bg },
  ]);
}

function photoImage(i: number): Buffer {
  const [bg, accent, dot] = cycle(palette, i);
  return png(640, 360, C.light, [
    { kind: 'rect', x: 0, y: 250, w: 640, h: 110, color: accent },
    { kind: 'rect', x: 80, y: 120, w: 200, h: 150, color: bg },
    { kind: 'rect', x: 300, y: 160, w: 140, h: 110, color: dot },
    { kind: 'circle', cx: 540, cy: 80, r: 40, color: C.yellow },
    { kind: 'rect', x: 460, y: 190, w: 110, h: 80, color: C.gray },
  ]);
}

const pdfLines = (topic: string, n: number): string[] => {
  const out = [`Office Supply Co., Ltd. / Agent portal document`, `Topic: ${topic}`, ''];
  for (let i = 1; i <= n; i++)
    out.push(
      `${String(i).padStart(3, '0')}  Item ${i}: ${topic} - details, conditions and contact (ref. OS-${1000 + i})`,
    );
  return out;
};

export type SeedFileSet = ReturnType<typeof buildSeedFiles>;

/** Every file the demo data refers to, by a stable name. */
export function buildSeedFiles() {
  const docs = {
    catalog: seedFile(
      'catalog-2027-spring',
      'pdf',
      'application/pdf',
      pdf('New product catalogue 2027 Spring', pdfLines('New products 2027 spring', 120)),
    ),
    priceList: seedFile(
      'price-list-2027',
      'pdf',
      'application/pdf',
      pdf('Price list 2027 Spring', pdfLines('Price list', 70)),
    ),
    priceRevision: seedFile(
      'price-revision',
      'pdf',
      'application/pdf',
      pdf('Notice of price revision', pdfLines('Price revision', 25)),
    ),
    delivery: seedFile(
      'delivery-schedule',
      'pdf',
      'application/pdf',
      pdf('Delivery schedule', pdfLines('Delivery schedule', 30)),
    ),
    campaign: seedFile(
      'campaign-terms',
      'pdf',
      'application/pdf',
      pdf('Campaign terms and conditions', pdfLines('Campaign', 40)),
    ),
    contract: seedFile(
      'special-terms',
      'pdf',
      'application/pdf',
      pdf('Special trading terms FY2027', pdfLines('Special terms', 35)),
    ),
    form: seedFile(
      'application-form',
      'pdf',
      'application/pdf',
      pdf('Application form', pdfLines('Application form fields', 20)),
    ),
    proposal: seedFile(
      'proposal',
      'pdf',
      'application/pdf',
      pdf('Proposal for office environment', pdfLines('Proposal', 90)),
    ),
    manual: seedFile(
      'manual',
      'pdf',
      'application/pdf',
      pdf('Ordering system operation manual', pdfLines('Operation manual', 160)),
    ),
    training: seedFile(
      'training-text',
      'pdf',
      'application/pdf',
      pdf('Sales training textbook', pdfLines('Training', 60)),
    ),
    event: seedFile(
      'event-flyer',
      'pdf',
      'application/pdf',
      pdf('New product presentation - flyer', pdfLines('Event', 15)),
    ),
    terms: seedFile(
      'portal-terms',
      'pdf',
      'application/pdf',
      pdf('Terms of use of the agent portal', pdfLines('Terms of use', 55)),
    ),
    orderSheet: seedFile(
      'order-sheet',
      'csv',
      'text/csv',
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(
          '商品コード,商品名,単価,数量,備考\r\nOS-1001,エコノミーコピー用紙A4 5000枚,3280,,\r\nOS-1002,再生PPクリアファイル A4 100枚,1480,,\r\nOS-1003,静音ホッチキス ミニ,680,,\r\nOS-1004,抗菌デスクマット L,2980,,\r\n',
          'utf8',
        ),
      ]),
    ),
  };
  const banners = Array.from({ length: 18 }, (_, i) => {
    const [w, h] = i < 7 ? [1200, 400] : i < 10 ? [300, 250] : i < 14 ? [300, 80] : [600, 200];
    return seedFile(`banner-${String(i + 1).padStart(2, '0')}`, 'png', 'image/png', bannerImage(w, h, i));
  });
  const icons = Array.from({ length: 12 }, (_, i) => ({
    normal: seedFile(`icon-${String(i + 1).padStart(2, '0')}`, 'png', 'image/png', iconImage(i, false)),
    over: seedFile(`icon-${String(i + 1).padStart(2, '0')}-over`, 'png', 'image/png', iconImage(i, true)),
  }));
  const images = Array.from({ length: 6 }, (_, i) => seedFile(`photo-${i + 1}`, 'png', 'image/png', photoImage(i)));
  const videoBytes = fs.readFileSync(path.join(here, 'files', 'skilup-sample.webm'));
  const video = seedFile('skilup-sample', 'webm', 'video/webm', videoBytes);
  return { docs, banners, icons, images, video };
}

export function allSeedFiles(set: SeedFileSet): SeedFile[] {
  return [
    ...Object.values(set.docs),
    ...set.banners,
    ...set.icons.flatMap((i) => [i.normal, i.over]),
    ...set.images,
    set.video,
  ];
}

/** Writes the files to the storage; those already there with the same size are left alone. */
export async function writeSeedFiles(storage: FileStorage, set: SeedFileSet): Promise<number> {
  let written = 0;
  for (const f of allSeedFiles(set)) {
    if ((await storage.size(f.key)) === f.bytes.length) continue;
    await storage.put(f.key, f.bytes);
    written++;
  }
  return written;
}
