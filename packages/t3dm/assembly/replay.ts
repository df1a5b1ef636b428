/*
 * How many triangles tiny3d draws for each object of a file, and how many it cannot (a cache slot never loaded):
 * src/read/decode-triangles.ts's replay, rule for rule, for the writer's check of its own output
 * (src/read/runtime-constraints.ts), which replays every object it writes. The parts come as PART_FIELDS i32
 * each (see replayParts in src/from-scene/quantise-module.ts), their offsets clamped to the I chunk's length.
 * The same pass marks each part that the check's loops over its index bytes and loaded vertices could find at
 * fault (suspectPart): the check runs them, in JavaScript, only on those (as JavaScript, over every index and
 * vertex of every part, mostly before V8 had optimised them, they cost the batch of shared examples about 4%).
 */

/** RSP vertex-cache slots tiny3d has (70), plus the temp slots a pad vertex may spill into. */
const SLOTS_WITH_SPILL: i32 = 72;
const CACHE_SLOTS: i32 = 70;
/**
 * Per part: vertLoadCount, vertDestOffset, indices, numIndices, idxSeqBase, idxSeqCount, numStripIndices[4],
 * vert (its first vertex's byte offset in V), matrixIdx.
 */
export const PART_FIELDS: i32 = 12;

/** Suspect flags of a part: its u8 indices, its strip commands, its vertices against the object's / model's box. */
export const SUSPECT_INDICES: i32 = 1;
export const SUSPECT_STRIPS: i32 = 2;
export const SUSPECT_OUTSIDE_OBJECT: i32 = 4;
export const SUSPECT_OUTSIDE_MODEL: i32 = 8;

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
  positions: Int16Array,
  boxes: Float64Array,
  suspects: Int32Array,
): void {
  const model = partCounts.length * 6;
  loadedSlot = new Uint8Array(SLOTS_WITH_SPILL);
  const end = bytes.length;
  let p = 0;
  for (let o = 0; o < partCounts.length; o++) {
    loadedSlot.fill(0);
    drawn = 0;
    bad = 0;
    for (let q = 0; q < partCounts[o]; q++, p++) {
      const f = p * PART_FIELDS;
      suspects[p] = suspectPart(bytes, parts, f, positions, boxes, o * 6, model);
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

/**
 * The part's suspect flags: which of the check's loops (src/read/runtime-constraints.ts) could find a fault in
 * it. Each rule is the check's own, on the same values; what the check treats in a way of its own (a vertex
 * offset that is not a whole vertex, vertices past the end of V) is suspect, so the check looks at it itself.
 */
function suspectPart(
  bytes: Uint8Array,
  parts: Int32Array,
  f: i32,
  positions: Int16Array,
  boxes: Float64Array,
  object: i32,
  model: i32,
): i32 {
  let flags = 0;
  const end = bytes.length;
  const indices = parts[f + 2];
  const numIndices = parts[f + 3];
  for (let i = 0; i < numIndices; i++) {
    const at = indices + i;
    if (at >= end || <i32>bytes[at] >= CACHE_SLOTS) {
      flags |= SUSPECT_INDICES;
      break;
    }
  }
  if (!stripsFine(bytes, parts, f)) flags |= SUSPECT_STRIPS;
  const vert = parts[f + 10];
  const count = parts[f + 0];
  const first = vert >>> 4;
  if ((vert & 15) !== 0 || <i64>first + <i64>count > <i64>(positions.length / 3))
    return flags | SUSPECT_OUTSIDE_OBJECT | SUSPECT_OUTSIDE_MODEL;
  if (outside(positions, first, count, boxes, object)) flags |= SUSPECT_OUTSIDE_OBJECT;
  // Vertices inside the object's box are inside the model's when the object's box is: only those of a part
  // outside its object's box, or of an object whose box the model's does not hold, are looked at again.
  if (
    parts[f + 11] === 0xffff &&
    ((flags & SUSPECT_OUTSIDE_OBJECT) !== 0 || !boxWithin(boxes, object, model)) &&
    outside(positions, first, count, boxes, model)
  )
    flags |= SUSPECT_OUTSIDE_MODEL;
  return flags;
}

/** Whether the box at `inner` lies within the box at `outer` (min x, y, z, max x, y, z each; false for NaN). */
function boxWithin(boxes: Float64Array, inner: i32, outer: i32): bool {
  for (let k = 0; k < 3; k++) {
    if (!(boxes[inner + k] >= boxes[outer + k]) || !(boxes[inner + 3 + k] <= boxes[outer + 3 + k])) return false;
  }
  return true;
}

/** Whether any of `count` vertices from `first` lies outside the box at `box` (min x, y, z, max x, y, z). */
function outside(positions: Int16Array, first: i32, count: i32, boxes: Float64Array, box: i32): bool {
  const minX = boxes[box];
  const minY = boxes[box + 1];
  const minZ = boxes[box + 2];
  const maxX = boxes[box + 3];
  const maxY = boxes[box + 4];
  const maxZ = boxes[box + 5];
  for (let i = first; i < first + count; i++) {
    const x = <f64>positions[i * 3];
    const y = <f64>positions[i * 3 + 1];
    const z = <f64>positions[i * 3 + 2];
    if (x < minX || x > maxX || y < minY || y > maxY || z < minZ || z > maxZ) return true;
  }
  return false;
}

/** Usable u16 entries of a strip command when `free` cache slots lie above the highest slot it and the later ones read. */
function usableStripEntries(free: i32): i32 {
  return free * 18 - (free % 2 !== 0 ? 4 : 0);
}

/**
 * Whether the part's strip commands keep every rule the check holds them to: no command after an empty one, each
 * inside the I chunk, opening without a restart flag, strips of at least 3 entries, slots below 70, and room
 * for its entries above the highest slot it and the later commands read. Offsets as the check has them
 * (part-layout.ts): each command at the next multiple of 8 after the previous one's end.
 */
function stripsFine(bytes: Uint8Array, parts: Int32Array, f: i32): bool {
  const end = bytes.length;
  let commands = 0;
  while (commands < 4 && parts[f + 6 + commands] !== 0) commands++;
  for (let s = commands; s < 4; s++) if (parts[f + 6 + s] !== 0) return false;
  // Each command's offset and highest slot, then the highest slot of it and the later ones, from the last back.
  const offsets = new StaticArray<i32>(4);
  const highest = new StaticArray<i32>(4);
  let at = parts[f + 2] + parts[f + 3];
  for (let s = 0; s < commands; s++) {
    const count = parts[f + 6 + s];
    at = (at + 7) & ~7;
    offsets[s] = at;
    if (<i64>at + <i64>count * 2 > <i64>end) return false;
    let m = -1;
    for (let e = 0; e < count; e++) m = max(m, (((<i32>bytes[at + e * 2]) << 8) | <i32>bytes[at + e * 2 + 1]) & 0x7fff);
    if (m >= CACHE_SLOTS) return false;
    highest[s] = m;
    at += count * 2;
  }
  let fromHere = -1;
  for (let s = commands - 1; s >= 0; s--) {
    const count = parts[f + 6 + s];
    const offset = offsets[s];
    fromHere = max(fromHere, highest[s]);
    if (count + 1 > usableStripEntries(CACHE_SLOTS - (fromHere + 1))) return false;
    if ((bytes[offset] & 0x80) !== 0) return false;
    let run = 0;
    for (let e = 0; e <= count; e++) {
      if (e === count || (e > 0 && (bytes[offset + e * 2] & 0x80) !== 0)) {
        if (run < 3) return false;
        run = 0;
      }
      run++;
    }
  }
  return true;
}
