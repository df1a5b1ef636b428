/*
 * A J3D shape's scene vertices, merged and written from their VTX1 items (built by scripts/build-wasm.mjs into
 * src/scene/vertex-writer-wasm.ts; src/scene/wasm-vertex-writer.ts copies the arrays, the display lists' index
 * rows and the draw matrix in, says where everything lies in PLAN, and copies the scene vertices out).
 * - mergeRuns gives each GX vertex its scene vertex as shape-vertices.ts's mergeVertices does: equal keys (draw
 *   matrix, then indices) one vertex, new ones numbered by first appearance.
 * - writeRun writes them with write-vertex-attributes.ts's arithmetic, operation for operation in doubles, so
 *   every value rounds to the same float32: the position by the draw matrix, the normal by its inverse transpose
 *   made unit (V8's Math.hypot algorithm), COLOR_0 copied from CLR0 already in linear, each TEXCOORD set copied,
 *   bit for bit (as the JavaScript copies every number; a NaN's payload it may change, and a scene with one fails
 *   validateScene either way). A vertex it does not write (an item past its array, a position beyond the float32
 *   range, another draw matrix) ends the run: the caller writes it in JavaScript, which also throws the error a bad
 *   position gets.
 */

/** Where the caller describes the shape (i32 fields, see the F_ offsets). */
const PLAN: usize = 0;
/** The draw matrix (m0 m1 m2 m4 m5 m6 m8 m9 m10 m12 m13 m14) and its normal matrix (9), as f64. */
const MATRIX: usize = 256;

const F_ROWS = 0;
const F_STRIDE = 1;
const F_FRESH = 2;
const F_POS_SLOT = 3;
const F_POS = 4;
const F_POS_ITEMS = 5;
const F_NRM_SLOT = 6;
const F_NRM = 7;
const F_NRM_ITEMS = 8;
const F_CACHE = 9;
const F_CLR_SLOT = 10;
const F_CLR = 11;
const F_CLR_ITEMS = 12;
const F_CLR_ALPHA = 13;
const F_TEX_SETS = 14;
const F_OUT_POS = 15;
const F_OUT_NRM = 16;
const F_OUT_CLR = 17;
const F_DRAW = 18;
const F_TAG = 19;
/** Per TEXCOORD set: its slot, array, item count and output (4 fields a set). */
const F_TEX = 20;
/**
 * The key table of the shape being merged: its slots (i32, -1 empty), their count less 1, and where the scene
 * vertex of each GX vertex goes.
 */
const F_SLOTS = 52;
const F_MASK = 53;
const F_SCENE_OF = 54;

function field(k: i32): i32 {
  return load<i32>(PLAN + ((<usize>k) << 2));
}

function matrix(k: i32): f64 {
  return load<f64>(MATRIX + ((<usize>k) << 3));
}

/** The least double a float32 stores as infinity (see write-vertex-attributes.ts). */
const F32_ROUNDS_TO_INFINITY: f64 = 3.4028235677973366e38;

/** V8's Math.hypot of three numbers (write-vertex-attributes.ts's hypot3, step for step). */
function hypot3(x: f64, y: f64, z: f64): f64 {
  const ax = abs(x);
  const ay = abs(y);
  const az = abs(z);
  let max: f64 = 0;
  if (ax > max) max = ax;
  if (ay > max) max = ay;
  if (az > max) max = az;
  if (max === Infinity) return max;
  if (isNaN(x) || isNaN(y) || isNaN(z)) return NaN;
  if (max === 0) return 0;
  let sum: f64 = 0;
  let compensation: f64 = 0;
  let n = ax / max;
  let summand = n * n - compensation;
  let preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = ay / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = az / max;
  summand = n * n - compensation;
  sum += summand;
  return sqrt(sum) * max;
}

/**
 * Works out the unit normal of the normal item whose three floats are at `at`, by the normal matrix, into the
 * cache entry `entry` (the tag, then three f32): (0, 0, 1) when it has no length.
 */
function cacheNormal(at: usize, entry: usize, tag: i32): void {
  const nx = <f64>load<f32>(at);
  const ny = <f64>load<f32>(at, 4);
  const nz = <f64>load<f32>(at, 8);
  const ux = matrix(12) * nx + matrix(15) * ny + matrix(18) * nz;
  const uy = matrix(13) * nx + matrix(16) * ny + matrix(19) * nz;
  const uz = matrix(14) * nx + matrix(17) * ny + matrix(20) * nz;
  const len = hypot3(ux, uy, uz);
  let tx: f64 = 0;
  let ty: f64 = 0;
  let tz: f64 = 1;
  if (len > 1e-12 && len < Infinity) {
    tx = ux / len;
    ty = uy / len;
    tz = uz / len;
  }
  store<i32>(entry, tag);
  store<f32>(entry, <f32>tx, 4);
  store<f32>(entry, <f32>ty, 8);
  store<f32>(entry, <f32>tz, 12);
}

/**
 * Gives each of `n` GX vertices its scene vertex in SCENE_OF from `outAt` on, as shape-vertices.ts's
 * mergeVertices does for a shape without PNMTXIDX whose key columns are one run: vertex r's key is `keyDraw`
 * then the u16 indices at `indices + 2 · r · stride` (F_STRIDE − 1 of them). An equal key met before gives that
 * key's scene vertex; a new one is numbered on from `count`, its key stored as its row (F_ROWS, F_STRIDE
 * integers) and `freshDraw` as its draw matrix (F_FRESH). The table is open addressing over F_MASK + 1 slots, at
 * least twice the shape's GX vertices. Returns the count after them.
 */
export function mergeRuns(
  indices: usize,
  stride: i32,
  n: i32,
  keyDraw: i32,
  freshDraw: i32,
  outAt: i32,
  count: i32,
): i32 {
  const rows = <usize>field(F_ROWS);
  const width = field(F_STRIDE);
  const fresh = <usize>field(F_FRESH);
  const slots = <usize>field(F_SLOTS);
  const mask = field(F_MASK);
  const sceneOf = <usize>field(F_SCENE_OF);
  const step = (<usize>stride) << 1;
  // Keys of up to five indices (most shapes send two to five attributes) are read into locals once: each is
  // hashed, compared and stored from there.
  const short = width <= 6;
  const has1 = width > 2;
  const has2 = width > 3;
  const has3 = width > 4;
  const has4 = width > 5;
  const seed: u32 = <u32>keyDraw * 0x9e3779b1;
  let next = count;
  let from = indices;
  for (let r = 0; r < n; r++, from += step) {
    const x0 = <u32>load<u16>(from);
    const x1 = has1 ? <u32>load<u16>(from, 2) : 0;
    const x2 = has2 ? <u32>load<u16>(from, 4) : 0;
    const x3 = has3 ? <u32>load<u16>(from, 6) : 0;
    const x4 = has4 ? <u32>load<u16>(from, 8) : 0;
    // Each index times an odd constant of its own, summed (products that do not wait on one another), then an
    // avalanche, so nearby keys spread over the slots. Any hash numbers the vertices alike: by first appearance.
    let h = seed + x0 * 0x85ebca77 + x1 * 0xc2b2ae3d + x2 * 0x27d4eb2f + x3 * 0x165667b1 + x4 * 0x9e3779b9;
    if (!short)
      for (let k = 5; k < width - 1; k++)
        h += <u32>load<u16>(from + ((<usize>k) << 1)) * (0x85ebca77 + ((<u32>k) << 17));
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    let slot = <i32>h & mask;
    let found = -1;
    for (;;) {
      const v = load<i32>(slots + ((<usize>slot) << 2));
      if (v < 0) break;
      const row = rows + ((<usize>(v * width)) << 2);
      let same =
        load<i32>(row) === keyDraw &&
        load<u32>(row, 4) === x0 &&
        (!has1 || load<u32>(row, 8) === x1) &&
        (!has2 || load<u32>(row, 12) === x2) &&
        (!has3 || load<u32>(row, 16) === x3) &&
        (!has4 || load<u32>(row, 20) === x4);
      for (let k = 5; same && !short && k < width - 1; k++)
        same = load<i32>(row + ((<usize>(k + 1)) << 2)) === <i32>load<u16>(from + ((<usize>k) << 1));
      if (same) {
        found = v;
        break;
      }
      slot = (slot + 1) & mask;
    }
    const at = sceneOf + ((<usize>(outAt + r)) << 2);
    if (found >= 0) {
      store<i32>(at, found);
      continue;
    }
    store<i32>(slots + ((<usize>slot) << 2), next);
    const row = rows + ((<usize>(next * width)) << 2);
    store<i32>(row, keyDraw);
    store<u32>(row, x0, 4);
    if (has1) store<u32>(row, x1, 8);
    if (has2) store<u32>(row, x2, 12);
    if (has3) store<u32>(row, x3, 16);
    if (has4) store<u32>(row, x4, 20);
    for (let k = 5; !short && k < width - 1; k++)
      store<i32>(row + ((<usize>(k + 1)) << 2), <i32>load<u16>(from + ((<usize>k) << 1)));
    store<i32>(fresh + ((<usize>next) << 2), freshDraw);
    store<i32>(at, next);
    next++;
  }
  return next;
}

/**
 * The first vertex from `start` on, before `end`, that names another draw matrix than `draw` or an item past its
 * array (u32 compares: the MISSING item, 0x7fffffff, is past every array), or `end`.
 */
function checkedEnd(start: i32, end: i32, draw: i32): i32 {
  const rows = <usize>field(F_ROWS);
  const stride = field(F_STRIDE);
  const fresh = <usize>field(F_FRESH);
  const posSlot = (<usize>field(F_POS_SLOT)) << 2;
  const posItems = <u32>field(F_POS_ITEMS);
  const nSlot = field(F_NRM_SLOT);
  const nrmItems = nSlot >= 0 ? <u32>field(F_NRM_ITEMS) : 0xffffffff;
  const nAt = nSlot >= 0 ? (<usize>nSlot) << 2 : posSlot;
  const cSlot = field(F_CLR_SLOT);
  const clrItems = cSlot >= 0 ? <u32>field(F_CLR_ITEMS) : 0xffffffff;
  const cAt = cSlot >= 0 ? (<usize>cSlot) << 2 : posSlot;
  const texSets = field(F_TEX_SETS);
  for (let i = start; i < end; i++) {
    if (load<i32>(fresh + ((<usize>i) << 2)) !== draw) return i;
    const row = rows + ((<usize>(i * stride)) << 2);
    if (<u32>load<i32>(row + posSlot) >= posItems) return i;
    if (<u32>load<i32>(row + nAt) >= nrmItems) return i;
    if (<u32>load<i32>(row + cAt) >= clrItems) return i;
    for (let t = 0; t < texSets; t++) {
      const f = F_TEX + t * 4;
      if (<u32>load<i32>(row + ((<usize>field(f)) << 2)) >= <u32>field(f + 2)) return i;
    }
  }
  return end;
}

/**
 * Positions and normals of vertices `start .. end` (whose items checkedEnd has checked); returns the first whose
 * position is beyond the float32 range, or `end`.
 */
function writePositions(start: i32, end: i32): i32 {
  const rows = <usize>field(F_ROWS);
  const stride = field(F_STRIDE);
  const posSlot = (<usize>field(F_POS_SLOT)) << 2;
  const pos = <usize>field(F_POS);
  const nSlot = field(F_NRM_SLOT);
  const nAt = (<usize>nSlot) << 2;
  const nrm = <usize>field(F_NRM);
  const cache = <usize>field(F_CACHE);
  const outPos = <usize>field(F_OUT_POS);
  const outNrm = <usize>field(F_OUT_NRM);
  const tag = field(F_TAG);
  const m0 = matrix(0);
  const m1 = matrix(1);
  const m2 = matrix(2);
  const m4 = matrix(3);
  const m5 = matrix(4);
  const m6 = matrix(5);
  const m8 = matrix(6);
  const m9 = matrix(7);
  const m10 = matrix(8);
  const m12 = matrix(9);
  const m13 = matrix(10);
  const m14 = matrix(11);
  for (let i = start; i < end; i++) {
    const row = rows + ((<usize>(i * stride)) << 2);
    const pAt = pos + <usize>load<u32>(row + posSlot) * 12;
    const x = <f64>load<f32>(pAt);
    const y = <f64>load<f32>(pAt, 4);
    const z = <f64>load<f32>(pAt, 8);
    const px = m0 * x + m4 * y + m8 * z + m12;
    const py = m1 * x + m5 * y + m9 * z + m13;
    const pz = m2 * x + m6 * y + m10 * z + m14;
    if (!(abs(px) < F32_ROUNDS_TO_INFINITY && abs(py) < F32_ROUNDS_TO_INFINITY && abs(pz) < F32_ROUNDS_TO_INFINITY))
      return i;
    const o3 = <usize>i * 12;
    store<f32>(outPos + o3, <f32>px);
    store<f32>(outPos + o3, <f32>py, 4);
    store<f32>(outPos + o3, <f32>pz, 8);
    if (nSlot >= 0) {
      const n = <usize>load<u32>(row + nAt);
      const entry = cache + (n << 4);
      if (load<i32>(entry) !== tag) cacheNormal(nrm + n * 12, entry, tag);
      store<f32>(outNrm + o3, load<f32>(entry, 4));
      store<f32>(outNrm + o3, load<f32>(entry, 8), 4);
      store<f32>(outNrm + o3, load<f32>(entry, 12), 8);
    }
  }
  return end;
}

/**
 * Items of `size` 32-bit values (a colour's four floats, or texture coordinates' two) copied as they are, for
 * vertices `start .. end`, from `data` at the item in `slot` of each row to `out` (`size` a vertex). With
 * `lastOne` the last value is 1.0 instead (a colour whose alpha the material does not read).
 */
function copyItems(start: i32, end: i32, slot: i32, data: usize, out: usize, size: i32, lastOne: bool): void {
  const rows = <usize>field(F_ROWS);
  const stride = field(F_STRIDE);
  const at = (<usize>slot) << 2;
  const bytes = (<usize>size) << 2;
  for (let i = start; i < end; i++) {
    const from = data + <usize>load<u32>(rows + ((<usize>(i * stride)) << 2) + at) * bytes;
    const to = out + <usize>i * bytes;
    if (size === 2) store<u64>(to, load<u64>(from));
    else {
      store<u64>(to, load<u64>(from));
      if (lastOne) {
        store<u32>(to + 8, load<u32>(from + 8));
        store<f32>(to + 12, 1);
      } else store<u64>(to + 8, load<u64>(from + 8));
    }
  }
}

/**
 * Writes scene vertices `start ..` until `end` or the first one it leaves to the caller (see the file comment),
 * and returns that vertex: positions and normals first, then the colours and each texture coordinate set.
 */
export function writeRun(start: i32, end: i32): i32 {
  const stop = writePositions(start, checkedEnd(start, end, field(F_DRAW)));
  const cSlot = field(F_CLR_SLOT);
  if (cSlot >= 0)
    copyItems(start, stop, cSlot, <usize>field(F_CLR), <usize>field(F_OUT_CLR), 4, field(F_CLR_ALPHA) === 0);
  const texSets = field(F_TEX_SETS);
  for (let t = 0; t < texSets; t++) {
    const f = F_TEX + t * 4;
    copyItems(start, stop, field(f), <usize>field(f + 1), <usize>field(f + 3), 2, false);
  }
  return stop;
}
