/*
 * Fuzz cases of issue 11 (retromodel) where a float turned NaN passed the readers and came out as garbage
 * (or a plain Error from the glTF writer): each shared fixture with exactly the mutation the fuzz run found.
 * Neither format can hold a NaN there meaningfully (a vertex position, a bone's rest transform), so converting
 * to GLB and to T3DM ends in a ParseError naming the format, the section and the byte offset of the value.
 */
import { ParseError } from '@retromodel/binary';
import { fixtureSidecars, haveFixtures, memorySidecars, readFixture } from '@retromodel/test-utils';
import { type FileInput, transcode } from '@retromodel/transcode';
import { describe, expect, it } from 'vitest';

function mutated(bytes: Uint8Array, offset: number, values: number[]): Uint8Array {
  const out = bytes.slice();
  out.set(values, offset);
  return out;
}

async function parseErrorOf(input: FileInput, to: 'glb' | 't3dm'): Promise<ParseError> {
  const error = await transcode(input, { to }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ParseError);
  return error as ParseError;
}

const cases: { name: string; input: () => FileInput; format: string; section: string; offset: number }[] = [
  {
    name: 'j3d/nintendo_tww_vr_sky_vtxcolor.bdl u32 @0x284 := 0xFFFFFFFE (a VTX1 F32 position)',
    input: () => ({
      bytes: mutated(readFixture('j3d', 'nintendo_tww_vr_sky_vtxcolor.bdl'), 0x284, [0xff, 0xff, 0xff, 0xfe]),
      fileName: 'nintendo_tww_vr_sky_vtxcolor.bdl',
      sidecars: memorySidecars({}),
    }),
    format: 'j3d',
    section: 'VTX1',
    offset: 0x284,
  },
  {
    // Found by npm run fuzz (seed 5): the skinned vertices went through the NaN into the GLB writer.
    name: 'j3d/nintendo_tww_swa_skinned.bdl f32 @0x5D0 := NaN (an EVP1 inverse bind matrix an envelope uses)',
    input: () => ({
      bytes: mutated(readFixture('j3d', 'nintendo_tww_swa_skinned.bdl'), 0x5d0, [0x7f, 0xc0, 0, 0]),
      fileName: 'nintendo_tww_swa_skinned.bdl',
      sidecars: memorySidecars({}),
    }),
    format: 'j3d',
    section: 'EVP1',
    offset: 0x5d0,
  },
  {
    name: 't3dm/08_animation/filesystem/snake.t3dm u16 @11636 := 0xFFFF (a bone position)',
    input: () => ({
      bytes: mutated(readFixture('t3dm', '08_animation', 'filesystem', 'snake.t3dm'), 11636, [0xff, 0xff]),
      fileName: 'snake.t3dm',
      sidecars: fixtureSidecars('t3dm', '08_animation', 'filesystem'),
    }),
    format: 't3dm',
    section: 'S',
    offset: 11636,
  },
  {
    name: 't3dm/09_anim_viewer/filesystem/animTest.t3dm u32 @3240 := 0xFFFFFFFE (a bone scale)',
    input: () => ({
      bytes: mutated(
        readFixture('t3dm', '09_anim_viewer', 'filesystem', 'animTest.t3dm'),
        3240,
        [0xff, 0xff, 0xff, 0xfe],
      ),
      fileName: 'animTest.t3dm',
      sidecars: fixtureSidecars('t3dm', '09_anim_viewer', 'filesystem'),
    }),
    format: 't3dm',
    section: 'S',
    offset: 3240,
  },
];

describe.skipIf(!haveFixtures)('non-finite floats are a ParseError at their offset', () => {
  it.each(cases)('$name', async (c) => {
    for (const to of ['glb', 't3dm'] as const) {
      const error = await parseErrorOf(c.input(), to);
      expect([error.format, error.section, error.offset], to).toEqual([c.format, c.section, c.offset]);
      expect(error.detail).toMatch(/NaN/);
    }
  });
});

/** Absolute offset of the first chunk of `type` in a T3DM file, from its chunk table (spec t3dm.md §3). */
function chunkOffset(bytes: Uint8Array, type: string): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(4);
  for (let i = 0; i < count; i++) {
    const entry = view.getUint32(0x2c + i * 4);
    if (String.fromCharCode(entry >>> 24) === type) return entry & 0xffffff;
  }
  throw new Error(`no ${type} chunk`);
}

const NAN = [0x7f, 0xc0, 0x00, 0x00];
const INF = [0x7f, 0x80, 0x00, 0x00];

describe.skipIf(!haveFixtures)('T3DM floats the runtime computes with', () => {
  const snake = () => readFixture('t3dm', '08_animation', 'filesystem', 'snake.t3dm');
  const convert = (bytes: Uint8Array) =>
    parseErrorOf(
      { bytes, fileName: 'snake.t3dm', sidecars: fixtureSidecars('t3dm', '08_animation', 'filesystem') },
      'glb',
    );

  it('an animation duration (A @4) of NaN', async () => {
    const at = chunkOffset(snake(), 'A') + 4;
    const error = await convert(mutated(snake(), at, NAN));
    expect([error.section, error.offset]).toEqual(['A', at]);
  });

  it('a scalar channel quantScale (A @0x14 + 12·channel + 4) of +inf; rotation channels keep their ±inf', async () => {
    const a = chunkOffset(snake(), 'A');
    const view = new DataView(snake().buffer, snake().byteOffset);
    const quat = view.getUint16(a + 0x0c);
    // tiny3d's own rotation channels hold -inf/+inf there (spec §16.15) and are read.
    expect(view.getFloat32(a + 0x14 + 4)).toBe(Number.NEGATIVE_INFINITY);
    const at = a + 0x14 + 12 * quat + 4;
    const error = await convert(mutated(snake(), at, INF));
    expect([error.section, error.offset]).toEqual(['A', at]);
  });

  // Found by npm run fuzz (seed 4116): a finite quantScale of 2.5e36 made a key 65535 · 2.5e36, an infinity in the GLB.
  it('a scalar channel quantScale of 1e35, finite but 65535 of it past the f32 range: a ParseError there', async () => {
    const a = chunkOffset(snake(), 'A');
    const view = new DataView(snake().buffer, snake().byteOffset);
    const at = a + 0x14 + 12 * view.getUint16(a + 0x0c) + 4;
    const huge = new Uint8Array(4);
    new DataView(huge.buffer).setFloat32(0, 1e35);
    const error = await convert(mutated(snake(), at, [...huge]));
    expect([error.section, error.offset]).toEqual(['A', at]);
    expect(error.detail).toMatch(/f32 range/);
  });

  it('a texture axis low (M @0x34 + 0x14) of NaN', async () => {
    const at = chunkOffset(snake(), 'M') + 0x34 + 0x14;
    const error = await convert(mutated(snake(), at, NAN));
    expect([error.section, error.offset]).toEqual(['M', at]);
  });
});

describe.skipIf(!haveFixtures)('J3D joint transforms', () => {
  it('a JNT1 joint translation of NaN is a ParseError at its offset', async () => {
    const bytes = readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // Chunks follow the 0x20-byte header: char[4] tag, u32 size (spec j3d.md §2); JNT1 @0x0C = joint data.
    let chunk = 0x20;
    while (String.fromCharCode(...bytes.subarray(chunk, chunk + 4)) !== 'JNT1') chunk += view.getUint32(chunk + 4);
    const at = chunk + view.getUint32(chunk + 0x0c) + 0x18 + 4;
    const input = { bytes: mutated(bytes, at, NAN), fileName: 'box.bmd', sidecars: memorySidecars({}) };
    const error = await parseErrorOf(input, 't3dm');
    expect([error.format, error.section, error.offset]).toEqual(['j3d', 'JNT1', at]);
  });

  // Found by npm run fuzz (seed 9): a finite but huge scale multiplied the sky's vertices past the f32 range,
  // and the glTF writer failed with a plain Error.
  it('a joint scale of -3.4e38 (vr_sky f32 @0x7E0) is a ParseError at the record of a joint the vertices hang on', async () => {
    const bytes = readFixture('j3d', 'nintendo_tww_vr_sky_vtxcolor.bdl');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let chunk = 0x20;
    while (String.fromCharCode(...bytes.subarray(chunk, chunk + 4)) !== 'JNT1') chunk += view.getUint32(chunk + 4);
    const table = chunk + view.getUint32(chunk + 0x0c);
    const huge = mutated(bytes, 0x7e0, [0xff, 0x7f, 0xff, 0xff]);
    // The independent dump (expected/nintendo_tww_vr_sky_vtxcolor.bdl.json) lists DRW1 as joints 2 and 3.
    const records = [2, 3].map((j) => table + j * 0x40);
    for (const to of ['glb', 't3dm'] as const) {
      const error = await parseErrorOf({ bytes: huge, fileName: 'sky.bdl', sidecars: memorySidecars({}) }, to);
      expect([error.format, error.section]).toEqual(['j3d', 'JNT1']);
      expect(records).toContain(error.offset);
    }
  });
});
