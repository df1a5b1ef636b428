/*
 * J3D animation files (spec j3d.md §12): header "J3D1" + kind ("bck1", "btk1", "brk1"), u32 file size,
 * u32 section count (1), 16 bytes sub-version, then one chunk at 0x20 (ANK1, TTK1, TRK1): char[4] tag,
 * u32 size, u8 loop mode (0 once, 1 once-and-reset, 2 repeat, 3 mirrored once, 4 mirrored repeat),
 * s8 angle-scale exponent, u16 duration in frames, ...
 * A track is { u16 count; u16 firstIndex; u16 tangentMode } into one value table: count 1 is a constant
 * value; otherwise `count` keys of (time, value, tangent) (mode 0) or (time, value, tangentIn, tangentOut)
 * (mode 1). Between keys values follow a cubic Hermite curve whose tangents are per frame:
 * p(s) = h00·v0 + h10·(t1 − t0)·out0 + h01·v1 + h11·(t1 − t0)·in1, s = (frame − t0) / (t1 − t0);
 * before the first key and after the last the end values hold.
 */
import { BinaryReader } from '@retromodel/binary';
import type { AnimationLayout, PartSpan } from './animation-layout.js';

/** One key. Times in frames; tangents in value units per frame. */
export interface J3dKey {
  time: number;
  value: number;
  tangentIn: number;
  tangentOut: number;
}

/** One animated value: one key (constant) or several. */
export interface J3dTrack {
  tangentMode: number;
  keys: J3dKey[];
}

/** The header shared by J3D animation files. */
export interface J3dAnimationHeader {
  /** e.g. `bck1`. */
  kind: string;
  subVersion: string;
  /** 0 once, 1 once-and-reset, 2 repeat, 3 mirrored once, 4 mirrored repeat. */
  loopMode: number;
  /** Angle-scale exponent: rotation = s16 · 2^exp · π / 32768. */
  angleScaleExponent: number;
  /** Length in frames. */
  duration: number;
  /**
   * How the file was laid out, for a byte-exact rewrite (animation-layout.ts); absent in a file made otherwise
   * (from a scene), which the writer lays out by Nintendo's rules.
   */
  layout?: AnimationLayout;
}

/**
 * Checks the file header and returns the header fields and a reader over the one chunk (tag checked).
 * `tolerance` bytes of chunk size past the end are accepted (Nintendo TTK1 sizes are 4 too large).
 */
export function readAnimationChunk(
  bytes: Uint8Array,
  kind: string,
  tag: string,
  tolerance = 0,
): { header: J3dAnimationHeader; chunk: BinaryReader } {
  const r = new BinaryReader(bytes, { format: 'j3d', section: 'header' });
  r.ensure(0x28, 'animation file header', 0);
  const magic = r.fixedString(8, 'latin1');
  if (magic !== `J3D1${kind}`) throw r.error(`magic "${magic.replace(/[^\x20-\x7e]/g, '?')}" is not "J3D1${kind}"`, 0);
  r.seek(0x10);
  const subVersion = new TextDecoder('latin1').decode(r.bytesView(16));
  const found = String.fromCharCode(...bytes.subarray(0x20, 0x24));
  if (found !== tag) throw r.error(`first chunk is "${found.replace(/[^\x20-\x7e]/g, '?')}", expected ${tag}`, 0x20);
  const size = r.u32At(0x24);
  const available = bytes.length - 0x20;
  if (size < 0x0c || size > available + tolerance)
    throw r.error(
      `${tag} chunk size 0x${size.toString(16)} does not fit the file (0x${available.toString(16)} bytes left)`,
      0x24,
    );
  const chunk = r.sub(0x20, Math.min(size, available), tag);
  const header: J3dAnimationHeader = {
    kind,
    subVersion,
    loopMode: chunk.u8At(0x08),
    angleScaleExponent: (chunk.u8At(0x09) << 24) >> 24,
    duration: chunk.u16At(0x0a),
  };
  return { header, chunk };
}

/**
 * A value table of `count` entries at `offset` in the chunk: f32 (`'f32'`) or s16 (`'s16'`), as numbers.
 */
export function readValueTable(
  chunk: BinaryReader,
  offset: number,
  count: number,
  type: 'f32' | 's16',
  what: string,
): number[] {
  if (count === 0) return [];
  const size = type === 'f32' ? 4 : 2;
  chunk.checkCount(count, size, what, offset);
  const out: number[] = new Array(count);
  for (let i = 0; i < count; i++) out[i] = type === 'f32' ? chunk.f32At(offset + i * 4) : chunk.s16At(offset + i * 2);
  return out;
}

/** Most keys the tracks of a chunk may ask for together, per byte of the chunk. */
const KEYS_PER_CHUNK_BYTE = 4;

/**
 * The tracks of one chunk read so far. Tracks that name the same run of a table (Nintendo's tools share them)
 * get one shared J3dTrack object, so sharing costs no memory; the keys of distinct runs are counted, since
 * overlapping runs could otherwise ask for keys without end from a small file (real files hold far under one
 * key per byte).
 */
export class ChunkTracks {
  /** The first table index of every descriptor read, in reading order (for the layout). */
  readonly firsts: number[] = [];
  private left: number;
  private readonly built = new Map<number[], Map<string, J3dTrack>>();
  constructor(private readonly chunk: BinaryReader) {
    this.left = KEYS_PER_CHUNK_BYTE * chunk.length;
  }
  /** The track already read for the run `run` of `table`, if any. */
  find(table: number[], run: string): J3dTrack | undefined {
    return this.built.get(table)?.get(run);
  }
  /** Counts a new track's keys (a ParseError at `at` when the chunk has asked for too many) and keeps it. */
  keep(table: number[], run: string, track: J3dTrack, at: number): J3dTrack {
    this.left -= track.keys.length;
    if (this.left < 0)
      throw this.chunk.error(`the tracks ask for more than ${KEYS_PER_CHUNK_BYTE} keys per byte of the chunk`, at);
    const runs = this.built.get(table) ?? new Map<string, J3dTrack>();
    this.built.set(table, runs.set(run, track));
    return track;
  }
}

/**
 * Reads the 6-byte track descriptor at `at` over `table`; values and tangents are multiplied by `scale`.
 * Descriptors naming the same run give the same (shared, not to be changed) track object; see ChunkTracks.
 */
export function readTrack(
  chunk: BinaryReader,
  at: number,
  table: number[],
  scale: number,
  what: string,
  tracks: ChunkTracks,
): J3dTrack {
  const count = chunk.u16At(at);
  const index = chunk.u16At(at + 2);
  const tangentMode = chunk.u16At(at + 4);
  if (count === 0) throw chunk.error(`${what} track has no keys`, at);
  const run = `${index}/${count}/${tangentMode}/${scale}`;
  tracks.firsts.push(index);
  return tracks.find(table, run) ?? tracks.keep(table, run, buildTrack(chunk, at, table, scale, what), at);
}

function buildTrack(chunk: BinaryReader, at: number, table: number[], scale: number, what: string): J3dTrack {
  const count = chunk.u16At(at);
  const index = chunk.u16At(at + 2);
  const tangentMode = chunk.u16At(at + 4);
  if (count === 1) {
    const v = table[index];
    if (v === undefined) throw chunk.error(`${what} track uses value ${index}, the table has ${table.length}`, at);
    if (!Number.isFinite(v * scale)) throw chunk.error(`${what} track has a non-finite value (${v})`, at);
    return { tangentMode, keys: [{ time: 0, value: v * scale, tangentIn: 0, tangentOut: 0 }] };
  }
  if (tangentMode > 1) throw chunk.error(`${what} track has tangent mode ${tangentMode}; only 0 and 1 exist`, at + 4);
  const stride = tangentMode === 1 ? 4 : 3;
  if (index + count * stride > table.length)
    throw chunk.error(
      `${what} track needs values ${index}..${index + count * stride - 1}, the table has ${table.length}`,
      at,
    );
  const keys: J3dKey[] = [];
  for (let k = 0; k < count; k++) {
    const i = index + k * stride;
    const tangentIn = table[i + 2]! * scale;
    keys.push({
      time: table[i]!,
      value: table[i + 1]! * scale,
      tangentIn,
      tangentOut: stride === 4 ? table[i + 3]! * scale : tangentIn,
    });
    if (k > 0 && !(keys[k]!.time >= keys[k - 1]!.time))
      throw chunk.error(`${what} track key times go backwards (key ${k})`, at);
  }
  if (
    !keys.every(
      (key) =>
        Number.isFinite(key.time) &&
        Number.isFinite(key.value) &&
        Number.isFinite(key.tangentIn) &&
        Number.isFinite(key.tangentOut),
    )
  ) {
    throw chunk.error(`${what} track has a non-finite value`, at);
  }
  return { tangentMode, keys };
}

/** The largest f32: the bound of a track's values and tangents, and of what the converters make of them. */
export const F32_MAX = 3.4028234663852886e38;

/** The track's value at `frame` (Hermite between keys, end values held outside). */
export function sampleTrack(track: J3dTrack, frame: number): number {
  const keys = track.keys;
  const first = keys[0]!;
  if (keys.length === 1 || frame <= first.time) return first.value;
  const last = keys[keys.length - 1]!;
  if (frame >= last.time) return last.value;
  let i = 1;
  while (keys[i]!.time <= frame) i++;
  // Equal times (a jump) leave length 0 only when frame is exactly at it; the later key wins there.
  const k0 = keys[i - 1]!;
  const k1 = keys[i]!;
  const length = k1.time - k0.time;
  const s = (frame - k0.time) / length;
  const s2 = s * s;
  const s3 = s2 * s;
  const value =
    (2 * s3 - 3 * s2 + 1) * k0.value +
    (s3 - 2 * s2 + s) * length * k0.tangentOut +
    (-2 * s3 + 3 * s2) * k1.value +
    (s3 - s2) * length * k1.tangentIn;
  // Kept within f32, as the values and tangents are: a damaged file's tangent near the f32 limit swings the curve
  // past it (finite here, in doubles), which a Float32Array would store as ±Infinity.
  return Math.max(-F32_MAX, Math.min(F32_MAX, value));
}

/**
 * The scale (f32), rotation (s16) and translation (f32) value tables of a BCK (ANK1) or BTK (TTK1) chunk, whose
 * three offsets follow each other from `tablesAt` and whose counts are u16 at 0x0E, 0x10, 0x12; and the
 * rotation unit, 2^exponent · π / 32768 radians.
 */
export function readSrtTables(chunk: BinaryReader, header: J3dAnimationHeader, tablesAt: number) {
  const spans = [0, 1, 2].map((t) =>
    tableSpan(chunk.u32At(tablesAt + t * 4), chunk.u16At(0x0e + t * 2), t === 1 ? 2 : 4),
  );
  return {
    scales: readValueTable(chunk, chunk.u32At(tablesAt), chunk.u16At(0x0e), 'f32', 'scale table'),
    rotations: readValueTable(chunk, chunk.u32At(tablesAt + 4), chunk.u16At(0x10), 's16', 'rotation table'),
    translations: readValueTable(chunk, chunk.u32At(tablesAt + 8), chunk.u16At(0x12), 'f32', 'translation table'),
    angle: (2 ** header.angleScaleExponent * Math.PI) / 32768,
    spans,
  };
}

/** The span of a table of `count` entries of `size` bytes at `offset` (undefined when absent: offset 0). */
export function tableSpan(offset: number, count: number, size: number): PartSpan | undefined {
  return offset === 0 ? undefined : { start: offset, end: offset + count * size };
}
