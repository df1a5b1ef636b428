/*
 * Parts of a read chunk that only a rewrite needs (MAT3's layout, MDL3's packets) are built when first read:
 * converting a model never reads them. Defining one costs about 0.5 µs (a WeakMap entry and an accessor), so
 * only parts that cost more to build are deferred.
 * The accessor is added as a new property, after the keys the object already has: the object keeps fast
 * properties and one map shared by every object built the same way (turning an existing data property into an
 * accessor would put each object in dictionary mode, slow to make and to read). Whatever can fail is checked
 * while the chunk is read; a deferred part is built from bytes known to be there and cannot throw. Once read (or
 * set) it is a plain data property, in the key place it was given.
 */

/** One lazily built property: an accessor shared by every object it is defined on (V8 reuses their maps). */
export class LazyProperty<T> {
  private readonly pending = new WeakMap<object, () => T>();
  private readonly descriptor: PropertyDescriptor;

  constructor(private readonly key: string) {
    const lazy = this;
    this.descriptor = {
      get(this: object) {
        return lazy.settle(this, lazy.pending.get(this)!());
      },
      set(this: object, value: T) {
        lazy.settle(this, value);
      },
      enumerable: true,
      configurable: true,
    };
  }

  /**
   * Adds the property to `target` (which must not have it yet, so it comes after the keys already there), as
   * `build()`'s result when first read.
   */
  define<O extends object>(target: O, build: () => T): O {
    this.pending.set(target, build);
    return Object.defineProperty(target, this.key, this.descriptor);
  }

  /** Replaces the accessor on `target` with a data property holding `value`. */
  private settle(target: object, value: T): T {
    this.pending.delete(target);
    Object.defineProperty(target, this.key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  }
}
