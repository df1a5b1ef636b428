/**
 * `array.map(f)` for a packed array (no holes), the result grown by push. Why not `map` itself: in code TurboFan
 * has optimised, an inlined `map` makes a holey array (HOLEY_SMI or HOLEY_ELEMENTS elements), where the builtin
 * that unoptimised code calls makes a packed one. Code that reads the result, having seen only packed arrays
 * before it was optimised, is thrown away at the first holey one ("wrong map"), and compiled again; j3dToScene
 * and the TEV reduction were so deoptimised, some of them at call after call. An array grown by push is packed
 * in either tier.
 */
export function mapPacked<T, U>(array: readonly T[], f: (value: T, index: number) => U): U[] {
  const out: U[] = [];
  for (let i = 0; i < array.length; i++) out.push(f(array[i]!, i));
  return out;
}
