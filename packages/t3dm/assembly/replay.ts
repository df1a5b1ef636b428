/*
 * How many triangles tiny3d draws for each object of a file, and how many it cannot (a cache slot never loaded):
 * src/read/decode-triangles.ts's replay, rule for rule, for the writer's check of its own output
 * (src/read/runtime-constraints.ts), which replays every object it writes. The parts come as PART_FIELDS i32
 * each (see countDrawn in src/from-scene/quantise-module.ts), their offsets clamped to the I chunk's length.
 */

/** RSP vertex-cache slots tiny3d has (70), plus the temp slots a pad vertex may spill into. */
const SLOTS_WITH_SPILL: i32 = 72;
/** Per part: vertLoadCount, vertDestOffset, indices, numIndices, idxSeqBase, idxSeqCount, numStripIndices[4]. */
export const PART_FIELDS: i32 = 10;

let loadedSlot = new Uint8Array(0);
let drawn: i32 = 0;
let bad: i32 = 0;

/** Draws triangle (a, b, c) of cache slots, or counts it bad when a slot was never loaded. */
function emit(a: i32, b: i32, c: i32): void {
  if (<u32>a >= <u32>SLOTS_WITH_SPILL || <u32>b >= <u32>SLOTS_WITH_SPILL || <u32>c >= <u32>SLOTS_WITH_SPILL) bad++;
  else if (loadedSlot[a] === 0 || loadedSlot[b] === 0 || loadedSlot[c] === 0) bad++;
  else drawn++;
}

/** Draws the strips of the strip command of `count` big-endian u16 entries at `offset`. */
function emitStripCommand(bytes: Uint8Array, offset: i32, count: i32, version: i32): void {
  let a = 0;
  let b = 0;
  let length = 0;
  for (let k = 0; k < count; k++) {
    const raw = ((<i32>bytes[offset + k * 2]) << 8) | <i32>bytes[offset + k * 2 + 1];
    const restart = (raw & 0x8000) !== 0;
    // v3+: restart bit | index; v1/v2: a restart is the negative value -(index + 1).
    const index = version >= 3 || !restart ? raw & 0x7fff : (0x10000 - raw - 1) & 0x7fff;
    if (restart && k > 0) length = 0;
    if (length >= 2) {
      if (length % 2 === 0) emit(a, b, index);
      else emit(index, b, a);
    }
    a = b;
    b = index;
    length++;
  }
}

/**
 * Replays each object (`partCounts[o]` parts of `parts`, in order) over the index bytes; writes its drawn and
 * bad triangles to `result[o * 2]` and `result[o * 2 + 1]`.
 */
export function replayObjects(
  bytes: Uint8Array,
  parts: Int32Array,
  partCounts: Int32Array,
  version: i32,
  result: Int32Array,
): void {
  loadedSlot = new Uint8Array(SLOTS_WITH_SPILL);
  const end = bytes.length;
  let p = 0;
  for (let o = 0; o < partCounts.length; o++) {
    loadedSlot.fill(0);
    drawn = 0;
    bad = 0;
    for (let q = 0; q < partCounts[o]; q++, p++) {
      const f = p * PART_FIELDS;
      const dest = parts[f + 1];
      const loaded = min(parts[f], SLOTS_WITH_SPILL - dest);
      for (let k = 0; k < loaded; k++) loadedSlot[dest + k] = 1;
      const indices = parts[f + 2];
      const numIndices = parts[f + 3];
      for (let i = 0; i + 2 < numIndices; i += 3) {
        const at = indices + i;
        if (at + 2 < end) emit(bytes[at], bytes[at + 1], bytes[at + 2]);
        else bad++;
      }
      const sequenceBase = parts[f + 4];
      for (let k = 0; k < parts[f + 5]; k++) {
        const b = sequenceBase + k * 3;
        emit(b, b + 1, b + 2);
      }
      let at = indices + numIndices;
      for (let s = 0; s < 4; s++) {
        const count = parts[f + 6 + s];
        if (count === 0) break;
        // The next multiple of 8 (part-layout.ts's stripCommandOffset).
        at = (at + 7) & ~7;
        if (at + count * 2 > end) bad += count;
        else emitStripCommand(bytes, at, count, version);
        at += count * 2;
      }
    }
    result[o * 2] = drawn;
    result[o * 2 + 1] = bad;
  }
}
