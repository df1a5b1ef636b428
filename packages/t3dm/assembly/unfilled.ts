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

/** The same for a StaticArray<i32> of `length` entries. */
export function unfilledStatic(length: i32): StaticArray<i32> {
  return changetype<StaticArray<i32>>(__new((<usize>length) << alignof<i32>(), idof<StaticArray<i32>>()));
}
