/*
 * Points and directions moved by a 4x4 column-major matrix, as @retromodel/scene's mat4TransformPointTo and
 * mat4TransformDirectionTo compute them, operation for operation (WebAssembly's f64 arithmetic is JavaScript's).
 * As JavaScript the loop ran over every vertex of a model mostly before V8 optimised it, each element read and
 * write an inline-cache call.
 */

/**
 * `count` xyz triples of `from` moved by the matrix at `m` into `to`: points (the translation added) when
 * `translate`, directions otherwise (a +0 translation is not left out: it would turn -0 into 0).
 */
export function transformList(m: usize, from: usize, to: usize, count: i32, translate: bool): void {
  const m0 = load<f64>(m, 0);
  const m1 = load<f64>(m, 8);
  const m2 = load<f64>(m, 16);
  const m4 = load<f64>(m, 32);
  const m5 = load<f64>(m, 40);
  const m6 = load<f64>(m, 48);
  const m8 = load<f64>(m, 64);
  const m9 = load<f64>(m, 72);
  const m10 = load<f64>(m, 80);
  const m12 = load<f64>(m, 96);
  const m13 = load<f64>(m, 104);
  const m14 = load<f64>(m, 112);
  const end = from + <usize>count * 24;
  if (translate) {
    for (let p = from, q = to; p < end; p += 24, q += 24) {
      const x = load<f64>(p);
      const y = load<f64>(p, 8);
      const z = load<f64>(p, 16);
      store<f64>(q, m0 * x + m4 * y + m8 * z + m12);
      store<f64>(q, m1 * x + m5 * y + m9 * z + m13, 8);
      store<f64>(q, m2 * x + m6 * y + m10 * z + m14, 16);
    }
  } else {
    for (let p = from, q = to; p < end; p += 24, q += 24) {
      const x = load<f64>(p);
      const y = load<f64>(p, 8);
      const z = load<f64>(p, 16);
      store<f64>(q, m0 * x + m4 * y + m8 * z);
      store<f64>(q, m1 * x + m5 * y + m9 * z, 8);
      store<f64>(q, m2 * x + m6 * y + m10 * z, 16);
    }
  }
}
