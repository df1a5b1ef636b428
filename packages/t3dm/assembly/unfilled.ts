/*
 * Lists made without zeroing their memory, for lists the caller writes in full before reading any entry.
 * AssemblyScript's Array constructor zeroes the new memory with memory.fill, which V8 runs as a call out to C's
 * memset: about a hundred instructions a call, however short the list (the stub runtime empties the heap at each
 * call, so the memory is not zero already). The planner makes several such lists per part: over the 55
 * examples' objects, about 280,000 fills.
 */

/** An i32 list of `length` entries whose values are whatever the memory held: write each before reading it. */
export function unfilledList(length: i32): i32[] {
  return changetype<i32[]>(__newArray(length, alignof<i32>(), idof<i32[]>()));
}

/**
 * The same for a list of `length` references (arrays, objects), each stored with putRef before it is read: the
 * planner's lists of strips, made at their full length (or the most they can hold, then cut) instead of grown
 * by Array#push, a call per entry that calls ensureCapacity in turn (callgrind, all threads, the 55 .glb -> T3DM
 * batch: 1,805.8 -> 1,786.2 M, medians of three).
 */
export function unfilledRefs<T>(length: i32): Array<T> {
  return changetype<Array<T>>(__newArray(length, alignof<usize>(), idof<Array<T>>()));
}

/** The same for a StaticArray<i32> of `length` entries. */
export function unfilledStatic(length: i32): StaticArray<i32> {
  return unfilledStaticOf<i32>(length);
}

/** The same for a StaticArray of `length` entries of any kind. */
export function unfilledStaticOf<T>(length: i32): StaticArray<T> {
  return changetype<StaticArray<T>>(__new((<usize>length) << alignof<T>(), idof<StaticArray<T>>()));
}

/**
 * A typed array of `length` elements whose values are whatever the memory held (the typed array constructor
 * zeroes its buffer first): for the buffers the JavaScript side fills in full before a call, and for the arrays
 * a step writes in full before it reads them. Zeroing them cost the batch of 55 examples tens of millions of
 * instructions, on buffers of up to a few megabytes.
 */
export function unfilledView<T extends ArrayBufferView>(length: i32): T {
  const shift = alignof<valueof<T>>();
  const bytes = length << shift;
  const buffer = __new(<usize>bytes, idof<ArrayBuffer>());
  const view = __new(offsetof<T>(), idof<T>());
  store<usize>(view + offsetof<T>('buffer'), buffer);
  store<usize>(view + offsetof<T>('dataStart'), buffer);
  store<i32>(view + offsetof<T>('byteLength'), bytes);
  return changetype<T>(view);
}
