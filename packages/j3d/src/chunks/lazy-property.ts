/*
 * Parts of a read chunk that only a rewrite needs (MAT3's init entries and layout, MDL3's packets) are built
 * when first read: converting a model never reads them. Defining one costs a few hundred ns (an accessor, and
 * once per object a hidden record of what is pending), so only parts that cost more to build are deferred.
 * The accessor is added as a new property, after the keys the object already has: the object keeps fast
 * properties and one map shared by every object built the same way (turning an existing data property into an
 * accessor would put each object in dictionary mode, slow to make and to read). What is pending lives in a
 * non-enumerable symbol-keyed record on the object (no WeakMap entry per part), which keys, JSON, spreads and
 * deep equality do not see. Whatever can fail is checked while the chunk is read; a deferred part is built from
 * bytes known to be there and cannot throw. Once read (or set) it is a plain data property, in the key place it
 * was given.
 */

const pendingKey = Symbol('pending lazy properties');

/** An object with lazy properties: the builders of those not read yet, by key. */
type Holder = { [pendingKey]?: Record<string, (() => unknown) | undefined> };

/** One lazily built property: an accessor shared by every object it is defined on (V8 reuses their maps). */
export class LazyProperty<T> {
  private readonly descriptor: PropertyDescriptor;

  constructor(private readonly key: string) {
    const lazy = this;
    this.descriptor = {
      get(this: Holder) {
        return lazy.settle(this, this[pendingKey]![key]!() as T);
      },
      set(this: Holder, value: T) {
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
    const holder = target as Holder;
    let pending = holder[pendingKey];
    if (!pending) {
      pending = {};
      Object.defineProperty(target, pendingKey, { value: pending });
    }
    pending[this.key] = build;
    return Object.defineProperty(target, this.key, this.descriptor);
  }

  /** Replaces the accessor on `target` with a data property holding `value`, and lets its builder go. */
  private settle(target: Holder, value: T): T {
    target[pendingKey]![this.key] = undefined;
    Object.defineProperty(target, this.key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  }
}
