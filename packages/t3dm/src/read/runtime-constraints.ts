/*
 * What tiny3d's runtime (t3d_model_load / t3d_model_draw_object, spec §2-§10) relies on, as checks on a file
 * model (and, given bytes, on the chunk layout): version 4; chunk order O… A… B? V I M… S? custom…; objects at chunk
 * indices 0…n-1; header chunk indices and totals; parts loading an even number (2..70) of vertex pairs from
 * inside V into cache slots 0..70 (one pad slot may spill to 71); u8 triangles, sequences and strips reading
 * only loaded slots below 70; strip commands ending at the first 0, first entry without the restart flag, strips
 * of at least 3 entries, each command small enough to be DMA'd into the cache slots above the highest slot it
 * and the later commands read (entries + 1 <= free*18 - (free odd ? 4 : 0)); bones and materials that exist;
 * object AABBs enclosing their vertices, and the header's enclosing every vertex drawn without a bone (drawn
 * where it is stored, whatever the pose); BVH children and data inside the chunk and every object in exactly one
 * leaf; animation targets that exist and no uniform-scale channels (the runtime asserts on them).
 */
import type { Diagnostic } from '@retromodel/scene';
import { type StripRange, stripRanges } from '../from-scene/part-layout.js';
import {
  replayParts,
  SUSPECT_INDICES,
  SUSPECT_OUTSIDE_MODEL,
  SUSPECT_OUTSIDE_OBJECT,
  SUSPECT_STRIPS,
} from '../from-scene/quantise-module.js';
import {
  chunkAlignment,
  chunkType,
  type S16Vec3,
  T3DM_TARGET_SCALE_UNIFORM,
  type T3dmAnimation,
  type T3dmBvh,
  type T3dmFile,
  type T3dmObject,
  type T3dmPart,
} from '../t3dm-file.js';
import { CACHE_SLOTS } from './decode-triangles.js';
import { readT3dm } from './read-t3dm.js';

const ORDER = ['O', 'A', 'B', 'V', 'I', 'M', 'S'];

function rank(type: string): number {
  if (type === 'm') return ORDER.indexOf('M');
  const i = ORDER.indexOf(type);
  return i < 0 ? ORDER.length : i;
}

/** Checks the chunk-table layout of written bytes: alignment, ascending offsets, the 16 MiB address limit. */
function checkLayout(bytes: Uint8Array, problems: string[]): void {
  if (bytes.length > 0xffffff)
    problems.push(`the file is ${bytes.length} bytes; chunk offsets are 24-bit, so at most 16 MiB are addressable`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(4);
  let previous = -1;
  for (let i = 0; i < count; i++) {
    const entry = view.getUint32(0x2c + i * 4);
    const type = String.fromCharCode(entry >>> 24);
    const offset = entry & 0xffffff;
    if (offset % chunkAlignment(type) !== 0)
      problems.push(`chunk ${i} ('${type}') at 0x${offset.toString(16)} is not ${chunkAlignment(type)}-aligned`);
    if (offset < previous) problems.push(`chunk ${i} starts before chunk ${i - 1} in the file`);
    previous = offset;
  }
  const strtab = view.getUint32(0x18);
  if (strtab % 4 !== 0) problems.push('the string table is not 4-aligned');
}

/**
 * The load, u8-triangle, sequence and bone rules of one part (`where` names it in messages); its u8 indices are
 * looked at when the replay found them suspect (SUSPECT_INDICES in `suspect`).
 */
function checkPart(
  p: T3dmPart,
  where: string,
  vertexCount: number,
  ib: Uint8Array,
  boneCount: number,
  suspect: number,
  problems: string[],
): void {
  if (p.vert % 32 !== 0) problems.push(`${where}: vertex offset 0x${p.vert.toString(16)} is not a whole vertex pair`);
  if (p.vertLoadCount % 2 !== 0 || p.vertLoadCount < 2 || p.vertLoadCount > CACHE_SLOTS)
    problems.push(`${where}: loads ${p.vertLoadCount} vertices (must be even, 2..70)`);
  if (p.vertDestOffset >= CACHE_SLOTS || p.vertDestOffset + p.vertLoadCount > CACHE_SLOTS + 1)
    problems.push(
      `${where}: load into slots ${p.vertDestOffset}..${p.vertDestOffset + p.vertLoadCount - 1} overruns the 70-slot cache`,
    );
  if (p.vert / 16 + p.vertLoadCount > vertexCount) problems.push(`${where}: loads vertices past the end of V`);
  if (p.numIndices % 3 !== 0) problems.push(`${where}: ${p.numIndices} triangle indices is not a multiple of 3`);
  if (suspect & SUSPECT_INDICES)
    for (let i = 0; i < p.numIndices; i++)
      if ((ib[p.indices + i] ?? 0xff) >= CACHE_SLOTS)
        problems.push(`${where}: triangle index ${ib[p.indices + i]} is outside the cache`);
  if (p.idxSeqCount > 0 && p.idxSeqBase + p.idxSeqCount * 3 > CACHE_SLOTS)
    problems.push(`${where}: sequence reads past slot 69`);
  if (p.matrixIdx !== 0xffff && p.matrixIdx >= boneCount)
    problems.push(`${where}: bone ${p.matrixIdx} does not exist (${boneCount} bones)`);
}

/**
 * Usable u16 entries of a strip command when `free` cache slots (36 bytes each) lie above the highest slot it
 * and the later commands read (the planner, assembly/strip-commands.ts, fills commands by the same rule).
 */
function usableStripEntries(free: number): number {
  return free * 18 - (free % 2 !== 0 ? 4 : 0);
}

/** The highest slot a strip command reads (-1 for one running past the I chunk, which is reported apart). */
function highestSlot(bytes: Uint8Array, r: StripRange): number {
  let m = -1;
  if (r.offset + r.count * 2 > bytes.length) return m;
  for (let e = 0; e < r.count; e++) {
    const slot = ((bytes[r.offset + e * 2]! << 8) | bytes[r.offset + e * 2 + 1]!) & 0x7fff;
    if (slot > m) m = slot;
  }
  return m;
}

/**
 * The strip-command rules of one part: placement, strip lengths and room in the cache. Entries are big-endian
 * u16, their restart flag the top bit of the first byte.
 */
function checkStrips(p: T3dmPart, where: string, bytes: Uint8Array, problems: string[]): void {
  const counts = p.numStripIndices;
  for (let s = 0, empty = false; s < counts.length; s++) {
    if (counts[s] === 0) empty = true;
    else if (empty) {
      problems.push(`${where}: a strip command follows an empty one`);
      break;
    }
  }
  const ranges = stripRanges(p);
  // The highest slot each command reads, and the highest it and the later commands read.
  const highest: number[] = [];
  for (let s = 0; s < ranges.length; s++) highest.push(highestSlot(bytes, ranges[s]!));
  const fromHere: number[] = [];
  for (let s = ranges.length - 1, m = -1; s >= 0; s--) {
    m = Math.max(m, highest[s]!);
    fromHere[s] = m;
  }
  for (let s = 0; s < ranges.length; s++) {
    const r = ranges[s]!;
    if (r.offset + r.count * 2 > bytes.length) {
      problems.push(`${where}: strip command ${s} runs past the I chunk`);
      continue;
    }
    if (bytes[r.offset]! & 0x80) problems.push(`${where}: strip command ${s} starts with a restart flag`);
    for (let e = 0, run = 0; e <= r.count; e++) {
      if (e === r.count || (e > 0 && (bytes[r.offset + e * 2]! & 0x80) !== 0)) {
        if (run < 3) problems.push(`${where}: strip command ${s} holds a strip of ${run} entries`);
        run = 0;
      }
      run++;
    }
    if (highest[s]! >= CACHE_SLOTS) problems.push(`${where}: strip command ${s} reads slot ${highest[s]}`);
    const free = CACHE_SLOTS - (fromHere[s]! + 1);
    if (r.count + 1 > usableStripEntries(free))
      problems.push(
        `${where}: strip command ${s} has ${r.count} entries, but only ${usableStripEntries(free) - 1} fit in the ${free} free cache slots`,
      );
  }
}

/** The first vertex a part loads that lies outside the box `min`..`max`, or -1. */
function outsideBox(box: { aabbMin: S16Vec3; aabbMax: S16Vec3 }, p: T3dmPart, position: ArrayLike<number>): number {
  // The box's bounds in locals: this runs over every vertex loaded, mostly before V8 has optimised it.
  const { aabbMin, aabbMax } = box;
  const minX = aabbMin[0];
  const minY = aabbMin[1];
  const minZ = aabbMin[2];
  const maxX = aabbMax[0];
  const maxY = aabbMax[1];
  const maxZ = aabbMax[2];
  const first = p.vert / 16;
  for (let i = first; i < first + p.vertLoadCount; i++) {
    const x = position[i * 3];
    const y = position[i * 3 + 1];
    const z = position[i * 3 + 2];
    if (x !== undefined && (x < minX || x > maxX)) return i;
    if (y !== undefined && (y < minY || y > maxY)) return i;
    if (z !== undefined && (z < minZ || z > maxZ)) return i;
  }
  return -1;
}

/** An animation's channels target bones that exist, and no uniform scale (the runtime asserts on it). */
function checkChannels(c: T3dmAnimation, i: number, boneCount: number, problems: string[]): void {
  for (const ch of c.channels) {
    if (ch.targetIdx >= boneCount)
      problems.push(`animation chunk ${i} targets bone ${ch.targetIdx}, which does not exist`);
    if (ch.targetType === T3DM_TARGET_SCALE_UNIFORM || ch.targetType > 3)
      problems.push(`animation chunk ${i} has a channel of target type ${ch.targetType} (the runtime asserts)`);
  }
}

/** The BVH's children and data lie inside it, and its leaves hold each of the `objectCount` objects once. */
function checkBvh(c: T3dmBvh, objectCount: number, problems: string[]): void {
  const seen = new Uint8Array(objectCount);
  for (let k = 0; k < c.nodes.length; k++) {
    const value = c.nodes[k]!.value;
    const count = value & 0xf;
    if (count > 0) {
      const first = value >> 4;
      for (let d = first; d < first + count; d++) {
        const obj = c.data[d];
        if (obj === undefined || obj >= objectCount)
          problems.push(`BVH leaf ${k} names data ${d}, which is not an object`);
        else seen[obj]!++;
      }
    } else {
      const child = k + (((value << 16) >> 16) >> 4);
      if (child <= k || child + 1 >= c.nodes.length)
        problems.push(`BVH node ${k} points at children ${child}/${child + 1} outside the tree`);
    }
  }
  if (seen.some((s) => s !== 1)) problems.push('BVH leaves do not cover every object exactly once');
}

/**
 * The rules of one object and its parts. `suspects` holds the replay's flags of each part from `first` on: the
 * loops over a part's index bytes and loaded vertices run only where they could find a fault.
 */
function checkObject(
  file: T3dmFile,
  o: T3dmObject,
  name: string,
  vertexCount: number,
  ib: Uint8Array,
  boneCount: number,
  { drawn, bad }: { drawn: number; bad: number },
  suspects: Int32Array,
  first: number,
  problems: string[],
): void {
  for (let k = 0; k < o.parts.length; k++) {
    const where = `object ${name} part ${k}`;
    const suspect = suspects[first + k]!;
    checkPart(o.parts[k]!, where, vertexCount, ib, boneCount, suspect, problems);
    if (suspect & SUSPECT_STRIPS) checkStrips(o.parts[k]!, where, ib, problems);
  }
  if (bad > 0) problems.push(`object ${name}: draws from cache slots that were never loaded`);
  if (drawn !== o.triCount) problems.push(`object ${name}: triCount ${o.triCount} but ${drawn} triangles are drawn`);
  const v = file.chunks[file.header.chunkIdxVertices];
  if (v?.kind !== 'vertices') return;
  for (let k = 0; k < o.parts.length; k++) {
    const outside = suspects[first + k]! & SUSPECT_OUTSIDE_OBJECT ? outsideBox(o, o.parts[k]!, v.position) : -1;
    if (outside >= 0) {
      problems.push(`object ${name}: vertex ${outside} lies outside the object's bounding box`);
      return;
    }
  }
  // A vertex loaded without a bone matrix is drawn where it is stored, in every pose: the model's box holds it.
  for (let k = 0; k < o.parts.length; k++) {
    const p = o.parts[k]!;
    const outside =
      p.matrixIdx === 0xffff && suspects[first + k]! & SUSPECT_OUTSIDE_MODEL
        ? outsideBox(file.header, p, v.position)
        : -1;
    if (outside >= 0) {
      problems.push(`object ${name}: vertex ${outside}, drawn without a bone, lies outside the header's bounding box`);
      return;
    }
  }
}

/**
 * Everything that would make tiny3d's runtime misdraw, assert or crash on this file, as error diagnostics
 * (empty when the file is fine). Pass the written bytes to check the chunk layout as well: alone (they are
 * read), or after the file model they were written from (a writer checking its own output need not read it).
 */
export function checkRuntimeConstraints(input: T3dmFile | Uint8Array, written?: Uint8Array): Diagnostic[] {
  const problems: string[] = [];
  const file = input instanceof Uint8Array ? readT3dm(input) : input;
  const bytes = input instanceof Uint8Array ? input : written;
  if (bytes) checkLayout(bytes, problems);
  if (file.version !== 4) problems.push(`the runtime loads only version 4 (file is version ${file.version})`);
  const types = file.chunks.map(chunkType);
  for (let i = 1; i < types.length; i++) {
    if (rank(types[i]!) < rank(types[i - 1]!))
      problems.push(`chunk ${i} ('${types[i]}') comes after a '${types[i - 1]}' chunk (order must be O A B V I M S)`);
  }
  for (const t of ['V', 'I', 'S', 'B'])
    if (types.filter((x) => x === t).length > 1) problems.push(`more than one '${t}' chunk`);
  const h = file.header;
  if (types[h.chunkIdxVertices] !== 'V') problems.push('header chunkIdxVertices does not name the V chunk');
  if (types[h.chunkIdxIndices] !== 'I') problems.push('header chunkIdxIndices does not name the I chunk');
  const firstMaterial = types.findIndex((t) => t === 'M' || t === 'm');
  if (firstMaterial >= 0 && h.chunkIdxMaterials !== firstMaterial)
    problems.push('header chunkIdxMaterials does not name the first material chunk');
  const v = file.chunks[h.chunkIdxVertices];
  const ic = file.chunks[h.chunkIdxIndices];
  const vertexCount = v?.kind === 'vertices' ? v.normal.length : 0;
  const ib = ic?.kind === 'indices' ? ic.bytes : new Uint8Array(0);
  if (vertexCount % 2 !== 0) problems.push('V holds an odd number of vertices');
  if ((vertexCount & 0xffff) !== h.totalVertCount)
    problems.push(`header totalVertCount ${h.totalVertCount} but V holds ${vertexCount} vertices`);
  const objects = file.chunks.filter((c): c is T3dmObject => c.kind === 'object');
  const indexSum = objects.reduce((s, o) => s + o.parts.reduce((t, p) => t + p.numIndices, 0), 0);
  if ((indexSum & 0xffff) !== h.totalIndexCount)
    problems.push(`header totalIndexCount ${h.totalIndexCount} but parts hold ${indexSum}`);
  const skeleton = file.chunks.find((c) => c.kind === 'skeleton');
  const boneCount = skeleton?.bones.length ?? 0;
  // The triangles each object draws, in chunk order, and which parts the loops below must look at.
  const { counted, suspects } = replayParts(
    objects,
    ib,
    file.version,
    v?.kind === 'vertices' ? v.position : new Int16Array(0),
    h,
  );
  let object = 0;
  let firstPart = 0;
  for (let i = 0; i < file.chunks.length; i++) {
    const c = file.chunks[i]!;
    if (c.kind === 'object') {
      if (i >= objects.length) problems.push(`object chunk ${i} is not among the first chunks`);
      const m = types[h.chunkIdxMaterials + c.material];
      if (m !== 'M' && m !== 'm')
        problems.push(`object chunk ${i} names material ${c.material}, which is not a material chunk`);
      checkObject(file, c, `#${i}`, vertexCount, ib, boneCount, counted[object++]!, suspects, firstPart, problems);
      firstPart += c.parts.length;
    } else if (c.kind === 'animation') {
      if (!skeleton) problems.push(`animation chunk ${i} without a skeleton`);
      checkChannels(c, i, boneCount, problems);
    } else if (c.kind === 'bvh') checkBvh(c, objects.length, problems);
  }
  return problems.map((message) => ({ code: 't3dm/runtime-constraint', message, severity: 'error' as const }));
}
