/*
 * BCK key times (issue 11 of retromodel). The game finds a key by comparing float frame times, so times must
 * not decrease (the reader throws a ParseError naming ANK1 and the track) but may repeat (a jump). A time can
 * also differ from its neighbour by less than an f32 step in seconds: the fuzz case sets the scale-Y track's
 * first key time (f32 @0xA4 in nintendo_mkdd_mariotree1_wait.bck, the scale table starts @0xA0) to a denormal,
 * 1.4e-45 frames, beside the other axes' keys at 0. glTF key times must increase as stored, so such keys become
 * one key (the later one, as at a jump) and the GLB is valid.
 */
import { ParseError } from '@retromodel/binary';
import { expectValidGlb, haveFixtures, memorySidecars, readFixture } from '@retromodel/test-utils';
import { transcode } from '@retromodel/transcode';
import { describe, expect, it } from 'vitest';

function withBck(bck: Uint8Array) {
  return {
    input: {
      bytes: readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd'),
      fileName: 'nintendo_mkdd_minigameitembox_bomb.bmd',
      sidecars: memorySidecars({ 'wait.bck': bck }),
    },
    read: { j3d: { animations: ['wait.bck'] } },
  };
}

const bck = () => readFixture('j3d', 'nintendo_mkdd_mariotree1_wait.bck');

describe.skipIf(!haveFixtures)('BCK key times', () => {
  it('u16 @0xA6 := 1 (a denormal key time beside 0) converts to a valid GLB and to T3DM', async () => {
    const bytes = bck().slice();
    const view = new DataView(bytes.buffer);
    expect(view.getFloat32(0xa4)).toBe(0);
    view.setUint16(0xa6, 1);
    const { input, read } = withBck(bytes);
    const glb = await transcode(input, { to: 'glb', read });
    for (const s of glb.scene.animations[0]!.samplers)
      for (let k = 1; k < s.input.length; k++) expect(s.input[k]!).toBeGreaterThan(s.input[k - 1]!);
    await expectValidGlb(glb.files[0]!.bytes);
    await expect(transcode(input, { to: 't3dm', read })).resolves.toBeDefined();
  });

  it('a key time after the next one (f32 @0xA4 := 40, the next key is at 32) is a ParseError in ANK1', async () => {
    const bytes = bck().slice();
    const view = new DataView(bytes.buffer);
    expect(view.getFloat32(0xa4 + 12)).toBe(32);
    view.setFloat32(0xa4, 40);
    const { input, read } = withBck(bytes);
    const error = await transcode(input, { to: 'glb', read }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ParseError);
    expect([(error as ParseError).format, (error as ParseError).section]).toEqual(['j3d', 'ANK1']);
    expect((error as ParseError).detail).toMatch(/backwards/);
  });
});
