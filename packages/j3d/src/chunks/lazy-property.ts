/*
 * Parts of a read chunk that only a rewrite needs (MAT3's init entries and layout, MDL3's packets) are built
 * when first read: converting a model never reads them. Defining one costs a few hundred ns (an accessor, and
 * once per object a hidden record of what is pending), and turning it into a data property on its first read
 * as much again, so only parts that cost more to build, and that a conversion does not read, are deferred.
 * The accessor is added as a new property, after the keys the object already has: the object keeps fast
 * properties and one map shared by every object built the same way (turning an existing data property into an
 * accessor would put each object in dictionary mode, slow to make and to read). What is pending lives in a
 * private field of the object (no WeakMap entry per part), which keys, JSON, spreads and deep equality do not
 * see. Whatever can fail is checked while the chunk is read; a deferred part is built from
 * bytes known to be there and cannot throw. Once read (or set) it is a plain data property, in the key place it
 * was given.
 */

import { objectsOfLength } from '../young-arrays.js';

/**
 * What is pending on an object with lazy properties: the builders of those not read yet, by their property's
 * slot (see LazyProperty.slot). A list indexed by a small integer: a record keyed by property name was a keyed
 * store with a name that varies (a megamorphic store adding a property) on every definition.
 */
type Builders = ((() => unknown) | undefined)[];

/** LazyProperty instances made so far: the next one's slot. */
let slots = 0;

/**
 * A constructor that returns the object it is given: a subclass's fields are then added to that object. This is
 * how the record of pending builders is attached as a private field (one inline-cached store, where defining a
 * symbol-keyed property is a runtime call costing as much as the accessor's own definition).
 */
class AttachTo {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: returning the target is what attaches the field to it
    return target as AttachTo;
  }
}

/** The private record of pending builders of an object with lazy properties. */
class PendingBuilders extends AttachTo {
  #builders: Builders = objectsOfLength(slots);

  /** The record of `target`, attached when it has none yet. */
  static attach(target: object): Builders {
    return #builders in target ? (target as PendingBuilders).#builders : new PendingBuilders(target).#builders;
  }

  /** The record of `target`, which has one (it has a lazy property). */
  static of(target: object): Builders {
    return (target as PendingBuilders).#builders;
  }
}

/** One lazily built property: an accessor shared by every object it is defined on (V8 reuses their maps). */
export class LazyProperty<T> {
  private readonly descriptor: PropertyDescriptor;
  /** This property's place in an object's list of pending builders (one per LazyProperty made). */
  private readonly slot = slots++;

  constructor(private readonly key: string) {
    const lazy = this;
    const slot = this.slot;
    this.descriptor = {
      get(this: object) {
        return lazy.settle(this, PendingBuilders.of(this)[slot]!() as T);
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
    PendingBuilders.attach(target)[this.slot] = build;
    return Object.defineProperty(target, this.key, this.descriptor);
  }

  /** Replaces the accessor on `target` with a data property holding `value`, and lets its builder go. */
  private settle(target: object, value: T): T {
    PendingBuilders.of(target)[this.slot] = undefined;
    Object.defineProperty(target, this.key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  }
}
