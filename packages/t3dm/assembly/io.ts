/*
 * The module's buffers, shared with the JavaScript side (src/from-scene/planner-module.ts). The module uses
 * AssemblyScript's stub runtime, which never frees: each call starts with `begin`, which empties the whole heap
 * and allocates the input buffers afresh, so memory is bounded by the largest single call.
 */
import { unfilledView } from './unfilled';

/** Input: a part's triangles as dense vertex ids (or, for orderStrips, strips as [count, (length, ids…)…]). */
export let input: Int32Array = new Int32Array(0);
/** Input: each dense vertex's bone group (empty when the part has one bone). */
export let groups: Int32Array = new Int32Array(0);
/** Output, read by the JavaScript side after the call. */
export let output: i32[] = [] as i32[];

export function resetBuffers(length: i32, n: i32, grouped: bool): void {
  heap.reset();
  // Both filled in full by the JavaScript side.
  input = unfilledView<Int32Array>(length);
  groups = unfilledView<Int32Array>(grouped ? n : 0);
  output = [] as i32[];
}

/** Makes `list` the output (one made at its full length). */
export function setOutput(list: i32[]): void {
  output = list;
}

/** Appends `list` to the output, its length first. */
export function writeList(list: i32[]): void {
  output.push(list.length);
  for (let i = 0; i < list.length; i++) output.push(list[i]);
}

/** Appends `strips` to the output: their count, then each as a list. */
export function writeStrips(strips: i32[][]): void {
  output.push(strips.length);
  for (let s = 0; s < strips.length; s++) writeList(strips[s]);
}

/** The strips of `input` ([count, (length, ids…)…]). */
export function readStrips(): i32[][] {
  const strips: i32[][] = [];
  let at = 0;
  const count = input[at++];
  for (let s = 0; s < count; s++) {
    const length = input[at++];
    const strip = new Array<i32>(length);
    for (let i = 0; i < length; i++) strip[i] = input[at++];
    strips.push(strip);
  }
  return strips;
}
