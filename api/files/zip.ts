// A ZIP archive written as a stream ("download all", docs/decisions.md section 7): each entry is read
// from storage, deflated and sent as it goes, with a data descriptor after it (sizes and CRC
// known only once read) and the central directory at the end. Names are UTF-8 (flag bit 11).
// No ZIP64: entries and the archive stay below 4 GiB and 65,535 entries (uploads are far smaller).
import { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { tokyoParts } from '../clock';

export interface ZipEntry {
  name: string;
  modified: Date;
  open(): Promise<Readable>;
}

const LIMIT = 0xffffffff;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (zlib.crc32 where Node has it, ≥ 20.15; a table otherwise). */
export function crc32(data: Uint8Array, previous = 0): number {
  const native = (zlib as { crc32?: (d: Uint8Array, v?: number) => number }).crc32;
  if (native) return native(data, previous);
  let c = (previous ^ 0xffffffff) >>> 0;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function dosDateTime(d: Date): { date: number; time: number } {
  const p = tokyoParts(d);
  const second = Math.floor((d.getTime() / 1000) % 60);
  const year = Math.min(Math.max(p.year, 1980), 2107);
  return {
    date: ((year - 1980) << 9) | (p.month << 5) | p.day,
    time: (p.hour << 11) | (p.minute << 5) | (second >> 1),
  };
}

const FLAGS = 0x0808; // bit 3: sizes in a data descriptor; bit 11: UTF-8 names
const DEFLATE = 8;
const VERSION = 20; // needed to extract: 2.0 (deflate)
// Made by Unix, spec 3.0: Info-ZIP and others then honour the UTF-8 flag instead of reading CP437.
const MADE_BY = (3 << 8) | 30;
const REGULAR_FILE_644 = 0o100644 * 0x10000;

/** Distinct names inside the archive: a repeated name gets " (2)", " (3)" … before its extension. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let i = 2; seen.has(candidate); i++) {
      const dot = name.lastIndexOf('.');
      candidate = dot > 0 ? `${name.slice(0, dot)} (${i})${name.slice(dot)}` : `${name} (${i})`;
    }
    seen.add(candidate);
    return candidate;
  });
}

async function* archive(entries: ZipEntry[]): AsyncGenerator<Buffer> {
  if (entries.length > 0xffff) throw new Error('too many ZIP entries');
  const central: Buffer[] = [];
  let offset = 0;
  const names = uniqueNames(entries.map((e) => e.name));
  for (const [i, entry] of entries.entries()) {
    const name = Buffer.from(names[i] ?? entry.name, 'utf8');
    const { date, time } = dosDateTime(entry.modified);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // crc and sizes (14..25) stay 0: they follow in the data descriptor
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const localOffset = offset;
    yield local;
    yield name;
    offset += local.length + name.length;

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const source = await entry.open();
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        crc = crc32(chunk, crc);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const deflate = zlib.createDeflateRaw();
    source.once('error', (err) => deflate.destroy(err));
    counter.once('error', (err) => deflate.destroy(err));
    source.pipe(counter).pipe(deflate);
    for await (const chunk of deflate) {
      compressed += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    if (size > LIMIT || compressed > LIMIT) throw new Error('ZIP entry too large');
    offset += compressed;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += descriptor.length;

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(MADE_BY, 4);
    header.writeUInt16LE(VERSION, 6); // needed
    header.writeUInt16LE(FLAGS, 8);
    header.writeUInt16LE(DEFLATE, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(compressed, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    // extra, comment, disk, internal attributes: 0
    header.writeUInt32LE(REGULAR_FILE_644, 38);
    header.writeUInt32LE(localOffset, 42);
    central.push(header, name);
  }
  if (offset > LIMIT) throw new Error('ZIP archive too large');
  const directory = Buffer.concat(central);
  yield directory;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield end;
}

/** The archive as a stream; a read error of an entry ends the stream with that error. */
export function zipStream(entries: ZipEntry[]): Readable {
  return Readable.from(archive(entries), { objectMode: false });
}
