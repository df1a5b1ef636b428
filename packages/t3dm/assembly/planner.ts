/*
 * The part planner's WebAssembly exports (built by scripts/build-planner.mjs into
 * src/from-scene/planner-wasm.ts; src/from-scene/planner-module.ts calls them). Each call fills the input
 * buffers `begin` allocated, then runs one of the entry points, whose result is left in the output buffer.
 */
import { buildParts } from './build-parts';
import { groups, input, output, readStrips, resetBuffers, setOutput, writeList, writeStrips } from './io';
import { put } from './list-store';
import { largestPart, partition, partitionFor, partitionLoads, preparePartitions } from './partition';
import { planPart } from './plan-part-draw';
import { byNewVertices } from './strip-order';
import { stripifyDense } from './stripify';
import { unfilledList } from './unfilled';

/** Empties the heap and allocates `length` input entries and (when `grouped`) `n` groups: the input's address. */
export function begin(length: i32, n: i32, grouped: bool): usize {
  resetBuffers(length, n, grouped);
  return input.dataStart;
}

export function groupsAddress(): usize {
  return groups.dataStart;
}

export function outputAddress(): usize {
  return output.dataStart;
}

export function outputLength(): i32 {
  return output.length;
}

/**
 * The parts of the object whose triangles are in `input` (vertex ids below `vertexCount`, each vertex's bone in
 * `groups`): their count, then each part's record (build-parts.ts).
 */
export function buildObject(vertexCount: i32, useStrips: bool): void {
  const parts = buildParts(input, groups, vertexCount, useStrips);
  // Made at its full length (not grown entry by entry: each growth copies it).
  let length = 1;
  for (let p = 0; p < parts.length; p++) length += parts[p].length;
  const out = unfilledList(length);
  put(out, 0, parts.length);
  let at = 1;
  for (let p = 0; p < parts.length; p++) for (let i = 0; i < parts[p].length; i++) put(out, at++, parts[p][i]);
  setOutput(out);
}

/** Plans the part in `input` (dense ids below `n`): output order, list, sequence base and count, strips. */
export function plan(n: i32, grouped: bool): void {
  const p = planPart(input, n, grouped ? groups : null);
  writeList(p.order);
  writeList(p.list);
  output.push(p.sequenceBase);
  output.push(p.sequenceCount);
  writeStrips(p.strips);
}

/** For the tests of the steps: strips of the triangles in `input` (dense ids below `n`). */
export function stripify(n: i32): void {
  const tris = new Array<i32>(input.length);
  for (let i = 0; i < input.length; i++) tris[i] = input[i];
  writeStrips(stripifyDense(tris, n));
}

/** For the tests of the steps: the strips in `input` (ids below `n`), fewest new vertices first. */
export function orderStrips(n: i32): void {
  writeStrips(byNewVertices(readStrips(), n));
}

/** The parts of the object whose triangles are in `input` (ids below `vertexCount`): each part's triangle numbers. */
export function partitionObject(vertexCount: i32, capacity: i32): void {
  writeStrips(partition(input, vertexCount, capacity));
}

/**
 * For the tests of the steps: the vertices the partition of `input` (ids below `vertexCount`, each one's bone in
 * `groups`) for parts of at most `capacity` vertices loads, and the most vertices one of its parts took.
 */
export function partitionCounts(vertexCount: i32, capacity: i32): void {
  preparePartitions(input, vertexCount);
  partitionFor(capacity, groups, i32.MAX_VALUE);
  output.push(partitionLoads);
  output.push(largestPart);
}
