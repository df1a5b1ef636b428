/*
 * Stores into an Array<i32> that already holds the index. `list[i] = v` compiles to Array#[]=, which checks the
 * index against the length (to grow the array) and stays a call: --uncheckedBehavior always skips the checks of
 * reads only, as Array has no unchecked store. The planner's records and lists are made at their full length,
 * so their stores need neither: in the planner over the 55 examples' objects, the calls were a twentieth of its time.
 */

/** `list[index] = value` for an index below `list.length`, in a list of references (the stub runtime has no GC). */
export function putRef<T>(list: Array<T>, index: i32, value: T): void {
  store<usize>(list.dataStart + ((<usize>index) << alignof<usize>()), changetype<usize>(value));
}

/** `list[index] = value` for an index below `list.length`. */
export function put(list: i32[], index: i32, value: i32): void {
  store<i32>(list.dataStart + ((<usize>index) << 2), value);
}
