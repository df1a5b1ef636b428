/*
 * Two float32 values copied as one float64: a Float64Array over a Float32Array's bytes moves a vertex's
 * texture coordinates (or half its colour) in one typed-array access instead of two (each access checks its
 * array's map, length and data pointer: most of what a copying loop costs in V8). The copy is bit for bit
 * when the float64 is not a NaN (V8 may turn a NaN's payload into its own when it loads or stores one): a pair's
 * second value holds the float64's sign, exponent and top of the fraction, and the float64 is a NaN or an
 * infinity only when that value's exponent is all ones, that is when it is a NaN or an infinity itself.
 */

const views = new WeakMap<Float32Array, Float64Array | null>();

/**
 * `data`'s values two at a time (pair k: values 2k and 2k + 1), or undefined when its bytes do not start at a
 * multiple of 8 or a second value of a pair is not finite (see the file comment). Worked out once per array.
 */
export function pairsOf(data: Float32Array): Float64Array | undefined {
  let view = views.get(data);
  if (view === undefined) {
    view = pairable(data) ? new Float64Array(data.buffer, data.byteOffset, data.length >> 1) : null;
    views.set(data, view);
  }
  return view ?? undefined;
}

function pairable(data: Float32Array): boolean {
  if (data.byteOffset % 8 !== 0) return false;
  for (let i = 1; i < data.length; i += 2) if (!Number.isFinite(data[i]!)) return false;
  return true;
}
