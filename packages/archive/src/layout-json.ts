/*
 * The layout file, retromodel-layout.json (docs/layout.md): an archive's layout (archive-layout.ts) as JSON, one
 * record a line. Bytes are lower-case hex; paths are `/`-separated names. The file comes from a folder anyone can
 * edit, so reading it checks everything before it is used: the marker and version, every number an integer in
 * its field's range, every byte string hex, every path made of names that can be file names (so no path can lead
 * outside the folder), at most MAX_LAYOUT_RECORDS records, and every offset inside the archive size it declares.
 * Whether the records describe a consistent archive is checked when it is rebuilt (write-with-layout.ts).
 */
import { ParseError } from '@retromodel/binary';
import { fileNameProblem } from '@retromodel/scene';
import type {
  ArchiveLayout,
  LayoutGap,
  RarcEntryRecord,
  RarcLayoutRecord,
  RarcNodeRecord,
  U8LayoutRecord,
  U8NodeRecord,
} from './archive-layout.js';

/** Most nodes or entries a layout may list (real archives have a few thousand at most). */
export const MAX_LAYOUT_RECORDS = 1 << 20;

/** Largest layout file read, in bytes (a layout of MAX_LAYOUT_RECORDS entries stays below it). */
export const MAX_LAYOUT_BYTES = 256 * 1024 * 1024;

const MARKER = 'archive layout';
const VERSION = 1;
const U32 = 0xffffffff;

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The layout as the text of a layout file. */
export function layoutToJson(layout: ArchiveLayout): string {
  const line = (value: unknown) => JSON.stringify(value);
  const list = (items: unknown[]) =>
    items.length === 0 ? '[]' : `[\n    ${items.map((i) => line(i)).join(',\n    ')}\n  ]`;
  const gaps = (padding: LayoutGap[]) => list(padding.map((g) => ({ offset: g.offset, bytes: toHex(g.bytes) })));
  const head = {
    retromodel: MARKER,
    version: VERSION,
    about: 'Written by retromodel extract; retromodel pack rebuilds the archive from it. Fields: docs/layout.md.',
    format: layout.format,
    compression: layout.compression,
  };
  const fields: string[] = Object.entries(head).map(([k, v]) => `"${k}": ${line(v)}`);
  if (layout.format === 'rarc') {
    const { strings, nodes, entries, padding, ...words } = layout.rarc;
    fields.push(`"rarc": ${line(words)}`);
    fields.push(`"strings": ${line(toHex(strings))}`);
    fields.push(`"nodes": ${list(nodes)}`);
    fields.push(`"entries": ${list(entries.map(rarcEntryJson))}`);
    fields.push(`"padding": ${gaps(padding)}`);
  } else {
    const { reserved, names, nodes, padding, ...words } = layout.u8;
    fields.push(`"u8": ${line({ ...words, reserved: toHex(reserved) })}`);
    fields.push(`"names": ${line(toHex(names))}`);
    fields.push(`"nodes": ${list(nodes.map(u8NodeJson))}`);
    fields.push(`"padding": ${gaps(padding)}`);
  }
  return `{\n  ${fields.join(',\n  ')}\n}\n`;
}

function rarcEntryJson(e: RarcEntryRecord): Record<string, unknown> {
  const common = { id: e.id, flags: e.flags, nameOffset: e.nameOffset, hash: e.hash };
  const pointer = e.pointer === 0 ? {} : { pointer: e.pointer };
  if (e.kind === 'file')
    return {
      file: e.path ? e.path.join('/') : null,
      ...common,
      offset: e.offset,
      size: e.size,
      ...pointer,
      ...(e.data ? { data: toHex(e.data) } : {}),
    };
  if (e.kind === 'folder')
    return { folder: e.path ? e.path.join('/') : null, ...common, node: e.node, size: e.size, ...pointer };
  return { dot: e.name, ...common, node: e.node, size: e.size, ...pointer };
}

function u8NodeJson(n: U8NodeRecord): Record<string, unknown> {
  return n.kind === 'folder'
    ? { folder: n.path.join('/'), nameOffset: n.nameOffset, parent: n.parent }
    : { file: n.path.join('/'), nameOffset: n.nameOffset, offset: n.offset, size: n.size };
}

/** Reads and checks a layout file's text (see the top of this file). Throws ParseError (format `layout`). */
export function parseLayout(text: string): ArchiveLayout {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ParseError({ format: 'layout', section: 'JSON', offset: 0 }, `not JSON: ${(e as Error).message}`);
  }
  const top = new Fields(json, '');
  if (top.get('retromodel') !== MARKER) throw top.error(`has no "retromodel": "${MARKER}" marker`);
  if (top.get('version') !== VERSION) throw top.error(`version ${String(top.get('version'))} is not ${VERSION}`);
  const format = top.oneOf('format', ['rarc', 'u8'] as const);
  const compression = top.oneOf('compression', ['none', 'yaz0', 'yay0'] as const);
  return format === 'rarc' ? { format, compression, rarc: parseRarc(top) } : { format, compression, u8: parseU8(top) };
}

function parseRarc(top: Fields): RarcLayoutRecord {
  const w = top.object('rarc');
  const record: RarcLayoutRecord = {
    fileSize: w.int('fileSize', U32),
    dataOffset: w.int('dataOffset', U32),
    dataSize: w.int('dataSize', U32),
    mramSize: w.int('mramSize', U32),
    aramSize: w.int('aramSize', U32),
    dvdSize: w.int('dvdSize', U32),
    nodeOffset: w.int('nodeOffset', U32),
    entryOffset: w.int('entryOffset', U32),
    stringTableOffset: w.int('stringTableOffset', U32),
    nextFileId: w.int('nextFileId', 0xffff),
    syncByte: w.int('syncByte', 0xff),
    infoByte1B: w.int('infoByte1B', 0xff),
    infoReserved: w.int('infoReserved', U32),
    strings: top.hex('strings'),
    nodes: top.list('nodes').map(
      (n): RarcNodeRecord => ({
        type: n.text('type', 4),
        nameOffset: n.int('nameOffset', 0xffffff),
        hash: n.int('hash', 0xffff),
        firstEntry: n.int('firstEntry', U32),
        entryCount: n.int('entryCount', 0xffff),
      }),
    ),
    entries: top.list('entries').map(parseRarcEntry),
    padding: parseGaps(top),
  };
  const base = 0x20 + record.dataOffset;
  if (base + record.dataSize > record.fileSize) throw top.error('the data section runs past the archive size');
  const ranges: Range[] = [
    [0, 0x40, 'the header'],
    [0x20 + record.nodeOffset, record.nodes.length * 0x10, 'the node table'],
    [0x20 + record.entryOffset, record.entries.length * 0x14, 'the entry table'],
    [0x20 + record.stringTableOffset, record.strings.length, 'the string table'],
    ...record.entries.flatMap((e, i): Range[] =>
      e.kind === 'file' ? [[base + e.offset, e.size, `entries[${i}]'s data`]] : [],
    ),
  ];
  checkRanges(top, record.fileSize, ranges, record.padding);
  return record;
}

function parseRarcEntry(e: Fields, i: number): RarcEntryRecord {
  const common = {
    id: e.int('id', 0xffff),
    flags: e.int('flags', 0xff),
    nameOffset: e.int('nameOffset', 0xffffff),
    hash: e.int('hash', 0xffff),
    pointer: e.has('pointer') ? e.int('pointer', U32) : 0,
  };
  if (e.has('file')) {
    const path = e.path('file', true);
    const data = path ? undefined : e.hex('data');
    const size = e.int('size', U32);
    if (data && data.length !== size) throw e.error(`"data" holds ${data.length} bytes, "size" says ${size}`);
    return { kind: 'file', ...(path ? { path } : { data }), ...common, offset: e.int('offset', U32), size };
  }
  if (e.has('folder')) {
    const path = e.path('folder', true);
    return { kind: 'folder', ...(path ? { path } : {}), ...common, node: e.int('node', U32), size: e.int('size', U32) };
  }
  if (e.has('dot')) {
    const name = e.oneOf('dot', ['.', '..'] as const);
    return { kind: 'dot', name, ...common, node: e.int('node', U32), size: e.int('size', U32) };
  }
  throw e.error(`entries[${i}] is none of "file", "folder" or "dot"`);
}

function parseU8(top: Fields): U8LayoutRecord {
  const w = top.object('u8');
  const record: U8LayoutRecord = {
    rootOffset: w.int('rootOffset', U32),
    headerSize: w.int('headerSize', U32),
    dataOffset: w.int('dataOffset', U32),
    size: w.int('size', U32),
    reserved: w.hex('reserved', 16),
    names: top.hex('names'),
    nodes: top.list('nodes').map((n): U8NodeRecord => {
      if (n.has('folder'))
        return {
          kind: 'folder',
          path: n.path('folder', false, true) ?? [],
          nameOffset: n.int('nameOffset', 0xffffff),
          parent: n.int('parent', U32),
        };
      if (n.has('file'))
        return {
          kind: 'file',
          path: n.path('file', false, true) ?? [],
          nameOffset: n.int('nameOffset', 0xffffff),
          offset: n.int('offset', U32),
          size: n.int('size', U32),
        };
      throw n.error('is neither a "folder" nor a "file"');
    }),
    padding: parseGaps(top),
  };
  if (record.reserved.length !== 16) throw w.error('"reserved" is not 16 bytes');
  const ranges: Range[] = [
    [0, 0x20, 'the header'],
    [record.rootOffset, record.headerSize, 'the node table and names'],
    ...record.nodes.flatMap((n, i): Range[] => (n.kind === 'file' ? [[n.offset, n.size, `nodes[${i}]'s data`]] : [])),
  ];
  checkRanges(top, record.size, ranges, record.padding);
  return record;
}

function parseGaps(top: Fields): LayoutGap[] {
  return top.list('padding').map((g) => ({ offset: g.int('offset', U32), bytes: g.hex('bytes') }));
}

/** A byte range of the archive: start, length, what it is (for messages). */
type Range = [number, number, string];

/**
 * Every range (header, tables, file data, padding) lies inside the archive's declared size, and that size is no
 * larger than those ranges together: rebuilding the archive never allocates more than the layout and the files
 * provide.
 */
function checkRanges(top: Fields, size: number, ranges: Range[], padding: LayoutGap[]): void {
  let provided = 0;
  for (const [start, length, what] of [
    ...ranges,
    ...padding.map((g, i): Range => [g.offset, g.bytes.length, `padding[${i}]`]),
  ]) {
    if (start + length > size) throw top.error(`${what} (${start}+${length}) runs past the archive size ${size}`);
    provided += length;
  }
  if (size > provided) throw top.error(`the archive size ${size} is more than its tables, files and padding cover`);
}

/** A JSON object under a path, with typed, range-checked getters that throw ParseError naming the field. */
class Fields {
  private readonly value: Record<string, unknown>;
  constructor(
    value: unknown,
    private readonly where: string,
  ) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw this.error(`${where || 'the layout'} is not an object`);
    this.value = value as Record<string, unknown>;
  }

  error(detail: string): ParseError {
    return new ParseError({ format: 'layout', section: this.where || 'top', offset: 0 }, detail);
  }

  has(key: string): boolean {
    return Object.hasOwn(this.value, key);
  }

  get(key: string): unknown {
    return this.has(key) ? this.value[key] : undefined;
  }

  private name(key: string): string {
    return this.where ? `${this.where}.${key}` : key;
  }

  int(key: string, max: number): number {
    const v = this.get(key);
    if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > max)
      throw this.error(`"${key}" is ${JSON.stringify(v)}, not an integer from 0 to ${max}`);
    return v as number;
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T {
    const v = this.get(key);
    if (!values.includes(v as T)) throw this.error(`"${key}" is ${JSON.stringify(v)}, not one of ${values.join(', ')}`);
    return v as T;
  }

  /** A string of exactly `length` one-byte characters. */
  text(key: string, length: number): string {
    const v = this.get(key);
    if (typeof v !== 'string' || v.length !== length || /[^\x20-\xff]/.test(v))
      throw this.error(`"${key}" is not ${length} printable one-byte characters`);
    return v;
  }

  hex(key: string, maxBytes = MAX_LAYOUT_BYTES): Uint8Array {
    const v = this.get(key);
    if (typeof v !== 'string' || v.length % 2 !== 0 || v.length / 2 > maxBytes || /[^0-9a-f]/.test(v))
      throw this.error(`"${key}" is not lower-case hex bytes`);
    const out = new Uint8Array(v.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(v.slice(2 * i, 2 * i + 2), 16);
    return out;
  }

  /**
   * A `/`-separated path whose every name can be a file name (the empty string is the root); null when
   * `nullable` and the value is null. With `dotTop`, the first name may be `.`: a U8's single top folder of that
   * name stands for the root (Mario Kart Wii), which tools leave out of the paths they write.
   */
  path(key: string, nullable: boolean, dotTop = false): string[] | undefined {
    const v = this.get(key);
    if (v === null && nullable) return undefined;
    if (typeof v !== 'string') throw this.error(`"${key}" is not a path`);
    if (v === '') return [];
    const names = v.split('/');
    for (const [i, name] of names.entries()) {
      if (dotTop && i === 0 && name === '.') continue;
      const problem = fileNameProblem(name);
      if (problem) throw this.error(`"${key}" names "${name}", which ${problem}`);
    }
    return names;
  }

  object(key: string): Fields {
    return new Fields(this.get(key), this.name(key));
  }

  list(key: string): Fields[] {
    const v = this.get(key);
    if (!Array.isArray(v)) throw this.error(`"${key}" is not a list`);
    if (v.length > MAX_LAYOUT_RECORDS) throw this.error(`"${key}" lists more than ${MAX_LAYOUT_RECORDS} records`);
    return v.map((item, i) => new Fields(item, `${this.name(key)}[${i}]`));
  }
}
