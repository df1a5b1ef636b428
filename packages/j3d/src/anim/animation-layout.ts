/*
 * What a J3D animation file's rewrite needs beyond its tracks (packages/j3d/docs/animation-tables.md): the chunk
 * is a run of parts (its header, the track or entry tables, the value tables, remap and name tables), and a file
 * keeps, besides what the parts mean,
 *   - where each part starts and ends, and the bytes between it and the next part (the maker's padding text,
 *     zeros, or stale memory: Nintendo's tools leave all three) and after the last one to the end of the file;
 *   - the value tables as stored and the first index each track or frame run points at: makers share runs of
 *     values in their own ways (Nintendo's tools compare values before quantising them, so two runs that read
 *     the same may be stored twice; others store each constant again), and some tables hold values no track uses;
 *   - the chunk and file size fields, which some makers set past the data (TTK1: 4 bytes past; BCAs stored
 *     without their last padding).
 * A layout is kept only when the parts do not overlap; a writer writes the parts in the order the file stored
 * them, uses each piece while what it writes still matches it, and otherwise lays the chunk out by Nintendo's
 * rules.
 */

/** Where one part of the chunk was stored: chunk offsets of its first byte and of the byte after it. */
export interface PartSpan {
  start: number;
  end: number;
}

/** The layout of an animation chunk as stored. */
export interface AnimationLayout {
  /** The chunk's header as stored, from 0x08 (after tag and size) to its end: fields no model field holds. */
  header: Uint8Array;
  /** Each part by its slot in the writer's numbering (0 = the header); undefined when absent. */
  parts: (PartSpan | undefined)[];
  /** Per part, the bytes after it up to the part stored next (after the last: up to the end of the file). */
  gaps: (Uint8Array | undefined)[];
  /** The value tables as stored (f32, s16, u16 or u8 values), in the order the writer writes them. */
  tables: number[][];
  /** The first table index of each track or frame run, in the order the writer writes them. */
  firsts: number[];
  /** The chunk size (0x24) and file size (0x08) fields as stored. */
  chunkSize: number;
  fileSize: number;
}

/** The slots of the parts present, in the order they were stored (by start). */
export function storedOrder(parts: readonly (PartSpan | undefined)[]): number[] {
  return parts.flatMap((p, slot) => (p ? [slot] : [])).sort((a, b) => parts[a]!.start - parts[b]!.start || a - b);
}

/**
 * The layout of the chunk in `bytes` (the whole file) whose parts are `parts` (per slot, in the writer's
 * numbering; chunk offsets; undefined = absent; slot 0 is the header from 0), or undefined when they overlap.
 */
export function readAnimationLayout(
  bytes: Uint8Array,
  parts: (PartSpan | undefined)[],
  tables: number[][],
  firsts: number[],
): AnimationLayout | undefined {
  const fileEnd = bytes.length - 0x20;
  const gaps: (Uint8Array | undefined)[] = parts.map(() => undefined);
  const order = storedOrder(parts);
  for (const [i, slot] of order.entries()) {
    const part = parts[slot]!;
    const next = i + 1 < order.length ? parts[order[i + 1]!]!.start : fileEnd;
    if (part.end < part.start || next < part.end || next > fileEnd) return undefined;
    gaps[slot] = bytes.slice(0x20 + part.end, 0x20 + next);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    header: bytes.slice(0x28, 0x20 + (parts[0]?.end ?? 0x08)),
    parts,
    gaps,
    tables,
    firsts,
    chunkSize: view.getUint32(0x24),
    fileSize: view.getUint32(0x08),
  };
}
