/*
 * The records of INF1, DRW1, EVP1 and JNT1 are read from the chunk's bytes once their lists are known to lie
 * inside it; a bad record is still readJ3d's ParseError, with the same sentence and file offset, and the values
 * read are the big-endian numbers the spec places there. Layouts (spec j3d.md §4–§8): INF1 u32 hierarchy offset
 * at 0x14, nodes of u16 type, u16 index (0 end, 1 open, 2 close, 0x10 joint, 0x11 material, 0x12 shape); DRW1
 * u16 count at 0x08, u32 kinds offset at 0x0C (u8, 0 or 1), u32 indices offset at 0x10 (u16); EVP1 u16 count at
 * 0x08, u32 offsets of the influence counts (u8), joint indices (u16) and weights (f32) at 0x0C, 0x10, 0x14;
 * JNT1 u32 joint data offset at 0x0C, records of 0x40 bytes: u16 kind, u8 scale compensation, f32 scale[3] at
 * 0x04, s16 rotation[3] at 0x10, f32 translation[3] at 0x18, f32 radius at 0x24, f32 bbox min/max at 0x28/0x34.
 */
import { ParseError } from '@retromodel/binary';
import { buildSkinnedCharacterBmd } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readJ3d } from '../../src/index.js';

const model = buildSkinnedCharacterBmd();

/** A copy of the model, a view of it, and the absolute offset of chunk `tag` (chunks from 0x20: tag, u32 size). */
function edit(tag: string) {
  const bytes = model.slice();
  const view = new DataView(bytes.buffer);
  for (let at = 0x20; at + 8 <= bytes.length; at += view.getUint32(at + 4))
    if (String.fromCharCode(...bytes.subarray(at, at + 4)) === tag) return { bytes, view, at };
  throw new Error(`no ${tag}`);
}

/** The ParseError readJ3d throws for `bytes`. */
function errorOf(bytes: Uint8Array): ParseError {
  try {
    readJ3d(bytes);
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('read without an error');
}

describe('chunk records read from the bytes', () => {
  it('INF1: a hierarchy without an end node, a close before any open, an unknown node type', () => {
    const cut = edit('INF1');
    const size = cut.view.getUint32(cut.at + 4);
    cut.view.setUint32(cut.at + 0x14, size - 2);
    expect(errorOf(cut.bytes)).toMatchObject({
      section: 'INF1',
      offset: cut.at + size - 2,
      detail: 'hierarchy has no end node (type 0) before the end of the chunk',
    });
    const close = edit('INF1');
    const first = close.at + close.view.getUint32(close.at + 0x14);
    close.view.setUint16(first, 0x02);
    expect(errorOf(close.bytes)).toMatchObject({
      offset: first,
      detail: 'hierarchy closes a level that was never opened',
    });
    const unknown = edit('INF1');
    unknown.view.setUint16(first, 0x13);
    expect(errorOf(unknown.bytes)).toMatchObject({
      offset: first,
      detail: 'hierarchy node type 0x13 is unknown (0x01 open, 0x02 close, 0x10 joint, 0x11 material, 0x12 shape)',
    });
  });

  it('DRW1: a kind other than 0 or 1, and the entries as stored', () => {
    const { bytes, view, at } = edit('DRW1');
    const count = view.getUint16(at + 8);
    const kinds = at + view.getUint32(at + 0x0c);
    const indices = at + view.getUint32(at + 0x10);
    expect(readJ3d(bytes).DRW1.entries).toEqual(
      Array.from({ length: count }, (_, i) => ({
        weighted: bytes[kinds + i] === 1,
        index: view.getUint16(indices + i * 2),
      })),
    );
    bytes[kinds + count - 1] = 2;
    expect(errorOf(bytes)).toMatchObject({
      section: 'DRW1',
      offset: kinds + count - 1,
      detail: `draw matrix ${count - 1} has kind 2; only 0 (joint) and 1 (envelope) exist`,
    });
  });

  it('EVP1: an envelope without influences, a weight that is not a number, and the envelopes as stored', () => {
    const { bytes, view, at } = edit('EVP1');
    const count = view.getUint16(at + 8);
    const counts = at + view.getUint32(at + 0x0c);
    const joints = at + view.getUint32(at + 0x10);
    const weights = at + view.getUint32(at + 0x14);
    expect(count).toBeGreaterThan(1);
    let k = 0;
    const want = Array.from({ length: count }, (_, i) => {
      const n = bytes[counts + i]!;
      const e = { joints: [] as number[], weights: [] as number[] };
      for (let j = 0; j < n; j++, k++) {
        e.joints.push(view.getUint16(joints + k * 2));
        e.weights.push(view.getFloat32(weights + k * 4));
      }
      return e;
    });
    expect(readJ3d(bytes).EVP1.envelopes).toEqual(want);
    const nan = edit('EVP1');
    const n0 = nan.bytes[counts + 0]!;
    nan.view.setFloat32(weights + n0 * 4, Number.NaN);
    expect(errorOf(nan.bytes)).toMatchObject({
      section: 'EVP1',
      offset: weights + n0 * 4,
      detail: 'envelope 1 weight 0 is not a finite number',
    });
    bytes[counts + 1] = 0;
    expect(errorOf(bytes)).toMatchObject({
      section: 'EVP1',
      offset: counts + 1,
      detail: 'envelope 1 has no influences',
    });
  });

  it('JNT1: negative rotations and floats as stored, and a scale that is not a number', () => {
    const { bytes, view, at } = edit('JNT1');
    const record = at + view.getUint32(at + 0x0c);
    view.setInt16(record + 0x10, -12345);
    view.setFloat32(record + 0x18, -1.5);
    view.setFloat32(record + 0x38, 3.1e-39);
    const joint = readJ3d(bytes).JNT1.joints[0]!;
    const f32 = (o: number) => view.getFloat32(record + o);
    expect(joint.kind).toBe(view.getUint16(record));
    expect(joint.scaleCompensate).toBe(bytes[record + 2]);
    expect(joint.rotationRaw).toEqual([-12345, view.getInt16(record + 0x12), view.getInt16(record + 0x14)]);
    expect(joint.scale).toEqual([f32(4), f32(8), f32(12)]);
    expect(joint.translation).toEqual([-1.5, f32(0x1c), f32(0x20)]);
    expect(joint.boundingRadius).toBe(f32(0x24));
    expect(joint.bboxMin).toEqual([f32(0x28), f32(0x2c), f32(0x30)]);
    expect(joint.bboxMax).toEqual([f32(0x34), f32(0x38), f32(0x3c)]);
    expect(joint.bboxMax[1]).toBe(Math.fround(3.1e-39));
    view.setFloat32(record + 0x08, Number.POSITIVE_INFINITY);
    expect(errorOf(bytes)).toMatchObject({
      section: 'JNT1',
      offset: record + 0x08,
      detail: `joint 0 (${joint.name}) scale y is Infinity, not a finite number`,
    });
  });
});
