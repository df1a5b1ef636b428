/*
 * BRK TEV-colour animation (`J3D1brk1`, chunk TRK1; spec j3d.md §12), read into the file model.
 *   0x08 u8 loop mode  0x0A u16 duration  0x0C u16 register-colour entries  0x0E u16 konst-colour entries
 *   0x10 u16 × 4 register R/G/B/A table counts  0x18 u16 × 4 konst R/G/B/A table counts
 *   0x20 u32 register entry table  0x24 u32 konst entry table  0x28/0x2C u32 register/konst remap tables
 *   0x30/0x34 u32 register/konst material-name tables  0x38..0x44 u32 register R/G/B/A tables (s16)
 *   0x48..0x54 u32 konst R/G/B/A tables (s16)
 * Entry (0x1C): tracks R, G, B, A (6 bytes each), u8 colour index (register C0..C2 / konst K0..K3), 3 pad.
 * Values are colour units 0..255 (registers may leave that range).
 */
import type { BinaryReader } from '@retromodel/binary';
import type { Diagnostic } from '@retromodel/scene';
import { nameTableEnd } from '../chunks/read-mat3-layout.js';
import { readNameTable } from '../name-table.js';
import { type PartSpan, readAnimationLayout } from './animation-layout.js';
import {
  ChunkTracks,
  type J3dAnimationHeader,
  type J3dTrack,
  readAnimationChunk,
  readTrack,
  readValueTable,
  tableSpan,
} from './animation-track.js';

/** One animated colour of a material. */
export interface BrkEntry {
  materialName: string;
  remapIndex: number;
  /** Register colour (TEV C0..C2) or konst colour (K0..K3). */
  kind: 'register' | 'konst';
  colorIndex: number;
  r: J3dTrack;
  g: J3dTrack;
  b: J3dTrack;
  a: J3dTrack;
}

/** A `.brk` file. */
export interface BrkFile extends J3dAnimationHeader {
  entries: BrkEntry[];
  diagnostics: Diagnostic[];
}

/** The entries of one kind, its four value tables as stored and the spans of its parts (for the layout). */
interface KindRead {
  entries: BrkEntry[];
  tables: number[][];
  /** Entries, R, G, B, A tables, remap table, name table. */
  spans: (PartSpan | undefined)[];
}

function readEntries(
  chunk: BinaryReader,
  kind: BrkEntry['kind'],
  countAt: number,
  countsAt: number,
  tablesAt: number,
  entryAt: number,
  remapAt: number,
  namesAt: number,
  diagnostics: Diagnostic[],
  tracks: ChunkTracks,
): KindRead {
  const count = chunk.u16At(countAt);
  const spanOf = (at: number, n: number, size: number) => tableSpan(chunk.u32At(at), n, size);
  const namesOffset = chunk.u32At(namesAt);
  if (count === 0) {
    // Nintendo's files keep an empty name table for a kind without entries.
    const empty = namesOffset > 0 && namesOffset + 4 <= chunk.length && chunk.u16At(namesOffset) === 0;
    return {
      entries: [],
      tables: [[], [], [], []],
      spans: [
        spanOf(entryAt, 0, 0x1c),
        ...[0, 1, 2, 3].map((c) => spanOf(tablesAt + c * 4, 0, 2)),
        spanOf(remapAt, 0, 2),
        empty ? { start: namesOffset, end: namesOffset + 4 } : undefined,
      ],
    };
  }
  const tableAt = chunk.u32At(entryAt);
  chunk.checkCount(count, 0x1c, `${kind} colour entries`, tableAt);
  chunk.checkCount(count, 2, `${kind} remap table`, chunk.u32At(remapAt));
  const names = readNameTable(chunk, chunk.u32At(namesAt), diagnostics);
  const tables = [0, 1, 2, 3].map((c) =>
    readValueTable(
      chunk,
      chunk.u32At(tablesAt + c * 4),
      chunk.u16At(countsAt + c * 2),
      's16',
      `${kind} ${'RGBA'[c]} table`,
    ),
  );
  const out: BrkEntry[] = [];
  for (let e = 0; e < count; e++) {
    const at = tableAt + e * 0x1c;
    const track = (c: number) => readTrack(chunk, at + c * 6, tables[c]!, 1, `${kind} entry ${e} ${'RGBA'[c]}`, tracks);
    out.push({
      materialName: names[e] ?? `material${e}`,
      remapIndex: chunk.u16At(chunk.u32At(remapAt) + e * 2),
      kind,
      colorIndex: chunk.u8At(at + 0x18),
      r: track(0),
      g: track(1),
      b: track(2),
      a: track(3),
    });
  }
  const spans = [
    spanOf(entryAt, count, 0x1c),
    ...tables.map((t, c) => spanOf(tablesAt + c * 4, t.length, 2)),
    spanOf(remapAt, count, 2),
    { start: namesOffset, end: nameTableEnd(chunk, namesOffset) },
  ];
  return { entries: out, tables, spans };
}

/** Reads a `.brk` file. */
export function readBrk(bytes: Uint8Array): BrkFile {
  const { header, chunk } = readAnimationChunk(bytes, 'brk1', 'TRK1');
  const diagnostics: Diagnostic[] = [];
  const tracks = new ChunkTracks(chunk);
  const register = readEntries(chunk, 'register', 0x0c, 0x10, 0x38, 0x20, 0x28, 0x30, diagnostics, tracks);
  const konst = readEntries(chunk, 'konst', 0x0e, 0x18, 0x48, 0x24, 0x2c, 0x34, diagnostics, tracks);
  // Parts in file order: entries, value tables, remap tables, name tables, register before konst.
  const [rs, ks] = [register.spans, konst.spans];
  const parts = [
    { start: 0, end: 0x58 },
    rs[0],
    ks[0],
    ...rs.slice(1, 5),
    ...ks.slice(1, 5),
    rs[5],
    ks[5],
    rs[6],
    ks[6],
  ];
  const layout = readAnimationLayout(bytes, parts, [...register.tables, ...konst.tables], tracks.firsts);
  return { ...header, entries: [...register.entries, ...konst.entries], diagnostics, ...(layout ? { layout } : {}) };
}
