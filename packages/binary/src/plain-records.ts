/*
 * Objects and arrays that a reader makes for each element of a file (a primitive, a joint, an entry of a
 * table), made so that V8 always allocates them young.
 *
 * V8 gives every object or array literal in the source ({ ... }, [ ... ], even []) an allocation site, which
 * counts how many of the objects it made survive a young-generation collection. When nearly all of them do (the
 * models a process reads and keeps, or a big model whose reading spans collections), V8 "pretenures" the site:
 * every object the literal makes from then on is allocated in the old generation, for the rest of the process.
 * A model read and dropped after that fills the old generation with garbage that only a full collection frees.
 * In `npm run bench`, one process that reads every shared model (and keeps one read of each), the reading of
 * small models then spent 19-25% of its time collecting garbage, and took 1.17-1.25 times as long as noclip's
 * parse; with pretenuring off (node --no-allocation-site-pretenuring), 4% and 0.95 times.
 * An object made by `new` of a constructor function, and an array made by a builtin (slice, map, Array.from),
 * has no allocation site, so it starts young whatever was read before. The constructors made here give their
 * objects Object.prototype, as a literal does: keys, JSON, spreads and deep equality (node:assert's, Vitest's)
 * see plain objects.
 */

/**
 * Makes `init`, a function that sets the fields of `this`, the constructor of plain objects (prototype
 * Object.prototype). A function, not a class: a class's prototype cannot be replaced.
 */
export function plainRecord<T extends object, A extends unknown[]>(
  init: (this: T, ...args: A) => void,
): new (
  ...args: A
) => T {
  init.prototype = Object.prototype;
  return init as unknown as new (
    ...args: A
  ) => T;
}

/** Never changed: freshArray copies it. */
const none: never[] = [];

/**
 * A new empty array, made without an allocation site (see above). Its elements kind is an empty literal's (small
 * integers): pushing a double or an object changes it, once per array, and code that pushed only small integers
 * before is deoptimized the first time. A list of objects is better made as a rest parameter's list
 * (`(...items) => items`, kind objects, also without a site).
 */
export const freshArray = <T>(): T[] => none.slice();
