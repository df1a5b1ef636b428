/*
 * VTX1 element encoding, the inverse of decodeVertexElement (spec j3d.md §4.2–4.3).
 *
 * U8/S8/U16/S16 components store round(value · 2^frac), clamped to the type's range; F32 stores the value (frac
 * ignored). Colours (values 0..1, RGBA) are quantised per channel to the format's bits: RGB565 5/6/5, RGBA4 4,
 * RGBA6 6, RGB8/RGBX8/RGBA8 8 (RGB formats drop alpha; RGBX8 writes 0xFF in its fourth byte). Rounding to the
 * nearest step inverts the reader's bit-replication expansion, so decoded values encode back to the same bytes.
 * Values that are not finite numbers cannot be stored (the reader rejects a non-finite F32) and throw.
 */
import { type J3dVertexArrayName, type J3dVertexFormat, vertexElementShape } from './read-vtx1.js';

const integerRanges: [number, number][] = [
  [0, 0xff],
  [-0x80, 0x7f],
  [0, 0xffff],
  [-0x8000, 0x7fff],
];

/** Bytes and numbers per element of `name` stored as `f`; throws an Error for an unknown format. */
export function elementShapeOrThrow(
  name: J3dVertexArrayName,
  f: J3dVertexFormat,
): { itemSize: number; elementSize: number } {
  const shape = vertexElementShape(name, f);
  if ('problem' in shape) throw new Error(`VTX1 cannot be written: ${shape.problem}`);
  return shape;
}

const channel = (v: number, max: number) => Math.round(Math.min(1, Math.max(0, v)) * max);

/** Encodes `itemSize` numbers of `values` from `o` as one element of `name` in format `f`, at byte `at` of `view`. */
export function encodeVertexElement(
  view: DataView,
  at: number,
  name: J3dVertexArrayName,
  f: J3dVertexFormat,
  itemSize: number,
  values: ArrayLike<number>,
  o: number,
): void {
  for (let k = 0; k < itemSize; k++) {
    const v = values[o + k]!;
    if (!Number.isFinite(v)) throw new Error(`VTX1 cannot be written: a ${name} value is ${v}, not a finite number`);
  }
  const c = (k: number) => values[o + k]!;
  if (name === 'CLR0' || name === 'CLR1') {
    switch (f.compType) {
      case 0:
        view.setUint16(at, (channel(c(0), 31) << 11) | (channel(c(1), 63) << 5) | channel(c(2), 31));
        return;
      case 1:
      case 2:
        for (let k = 0; k < 3; k++) view.setUint8(at + k, channel(c(k), 255));
        if (f.compType === 2) view.setUint8(at + 3, 0xff);
        return;
      case 3:
        view.setUint16(
          at,
          (channel(c(0), 15) << 12) | (channel(c(1), 15) << 8) | (channel(c(2), 15) << 4) | channel(c(3), 15),
        );
        return;
      case 4: {
        const v = (channel(c(0), 63) << 18) | (channel(c(1), 63) << 12) | (channel(c(2), 63) << 6) | channel(c(3), 63);
        view.setUint8(at, v >> 16);
        view.setUint8(at + 1, (v >> 8) & 0xff);
        view.setUint8(at + 2, v & 0xff);
        return;
      }
      default:
        for (let k = 0; k < 4; k++) view.setUint8(at + k, channel(c(k), 255));
        return;
    }
  }
  if (f.compType === 4) {
    for (let k = 0; k < itemSize; k++) view.setFloat32(at + k * 4, c(k));
    return;
  }
  const [min, max] = integerRanges[f.compType]!;
  const scale = 2 ** f.frac;
  for (let k = 0; k < itemSize; k++) {
    const q = Math.min(max, Math.max(min, Math.round(c(k) * scale)));
    if (f.compType === 0) view.setUint8(at + k, q);
    else if (f.compType === 1) view.setInt8(at + k, q);
    else if (f.compType === 2) view.setUint16(at + k * 2, q);
    else view.setInt16(at + k * 2, q);
  }
}

/** The stored bytes of a whole array: `data` (itemSize numbers per element) encoded element by element. */
export function encodeVertexArray(name: J3dVertexArrayName, f: J3dVertexFormat, data: ArrayLike<number>): Uint8Array {
  const { itemSize, elementSize } = elementShapeOrThrow(name, f);
  if (data.length % itemSize !== 0)
    throw new Error(`VTX1 cannot be written: ${name} has ${data.length} numbers, not a multiple of ${itemSize}`);
  const count = data.length / itemSize;
  const out = new Uint8Array(count * elementSize);
  const view = new DataView(out.buffer);
  for (let i = 0; i < count; i++) encodeVertexElement(view, i * elementSize, name, f, itemSize, data, i * itemSize);
  return out;
}
