/** What an object keeps under a lazy text property's symbol: what the text is made from, and the text once made. */
export interface LazyTextState {
  value: unknown;
  made: boolean;
}

/**
 * An enumerable accessor whose value `make` makes from the object's state under `key` the first time it is read;
 * assigning replaces it. One descriptor is shared by every object of a kind: accessor functions of each object's
 * own would give it a hidden class of its own (V8 keeps an accessor's functions there; an object literal with a
 * getter and a setter is even made in dictionary mode, several µs an object), and through them what they hold
 * would outlive young-generation collections.
 */
export function lazyTextDescriptor<S extends LazyTextState>(
  key: symbol,
  make: (state: S) => unknown,
): PropertyDescriptor {
  return {
    get(this: Record<symbol, S>): unknown {
      const state = this[key]!;
      if (!state.made) {
        state.value = make(state);
        state.made = true;
      }
      return state.value;
    },
    set(this: Record<symbol, S>, value: unknown) {
      const state = this[key]!;
      state.value = value;
      state.made = true;
    },
    enumerable: true,
    configurable: true,
  };
}
