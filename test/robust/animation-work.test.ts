/*
 * Fuzz cases of issue 11 (retromodel) where writing T3DM animation did work without bound: each shared fixture
 * with exactly the mutation the fuzz run found, converted to T3DM and to GLB. Budgets are on the work done
 * (keys in the streams written, keys of the scene's samplers), not on time. T3DM facts used: a record's
 * nextTime holds at most 0x7fff ticks of 1/60 s (spec t3dm.md §9.1), so a clip of T seconds needs at least
 * T·60/0x7fff keys per channel; sampling every tick would need T·60.
 */
import { createMaterial, createScene, type Scene } from '@retromodel/scene';
import { readSdata, readT3dm, sceneToT3dm, type T3dmAnimation } from '@retromodel/t3dm';
import { fixtureSidecars, haveFixtures, memorySidecars, readFixture } from '@retromodel/test-utils';
import { type TranscodeResult, transcode } from '@retromodel/transcode';
import { describe, expect, it } from 'vitest';

/** The fixture with `bytes` written at `offset` (big- or little-endian as given). */
function mutated(bytes: Uint8Array, offset: number, values: number[]): Uint8Array {
  const out = bytes.slice();
  out.set(values, offset);
  return out;
}

function animationsOf(result: TranscodeResult): { chunks: T3dmAnimation[]; records: number[] } {
  const file = readT3dm(result.files[0]!.bytes);
  const chunks = file.chunks.filter((c): c is T3dmAnimation => c.kind === 'animation');
  const records = result.files.filter((f) => f.name.endsWith('.sdata')).map((f) => readSdata(f.bytes).records.length);
  return { chunks, records };
}

const codes = (r: TranscodeResult) => r.diagnostics.map((d) => d.code);

describe.skipIf(!haveFixtures)('T3DM animation work is bounded by the data', () => {
  it('TMD key time ≈ 1.7e38 s (synth_chain40_base.tmd byte 7695 := 0x7F): clip cut to an hour, with a warning', async () => {
    const bytes = mutated(readFixture('tmd', 'synth_chain40_base.tmd'), 7695, [0x7f]);
    const input = { bytes, fileName: 'synth_chain40_base.tmd', sidecars: fixtureSidecars('tmd') };
    const result = await transcode(input, { to: 't3dm' });
    const warning = result.diagnostics.find((d) => d.code === 't3dm/animation-too-long');
    expect(warning?.severity).toBe('warning');
    expect(warning?.message).toContain('Walk_Lp00');
    const { chunks, records } = animationsOf(result);
    expect(chunks.map((a) => a.duration)).toEqual([3600]);
    // Per channel: the two source keys plus one key per 0x7fff ticks of the held hour (216000 ticks: 7).
    const channels = chunks[0]!.channels.length;
    expect(records[0]).toBeLessThanOrEqual(channels * (2 + Math.ceil(216000 / 0x7fff) + 1));
    // glTF holds such a key time: the GLB is written as read.
    await expect(transcode(input, { to: 'glb' })).resolves.toBeDefined();
  });

  it('BCK duration 65534 frames (mariotree1_wait.bck u32 @0x28 := 0xFFFFFFFE) with the item box model', async () => {
    const bck = mutated(readFixture('j3d', 'nintendo_mkdd_mariotree1_wait.bck'), 0x28, [0xff, 0xff, 0xff, 0xfe]);
    const input = {
      bytes: readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd'),
      fileName: 'nintendo_mkdd_minigameitembox_bomb.bmd',
      sidecars: memorySidecars({ 'wait.bck': bck }),
    };
    const read = { j3d: { animations: ['wait.bck'] } };
    const result = await transcode(input, { to: 't3dm', read });
    // The tracks' keys end at frame 90; past them the pose holds, so the scene samples frames 0..90 and the end.
    for (const s of result.scene.animations[0]!.samplers) expect(s.input.length).toBeLessThanOrEqual(91 + 1);
    const { chunks, records } = animationsOf(result);
    expect(chunks[0]!.duration).toBe(Math.fround(65534 / 30));
    // 3 s of keys at most every tick, plus the held 2181 s at one key per 0x7fff ticks.
    const channels = chunks[0]!.channels.length;
    expect(records[0]).toBeLessThanOrEqual(channels * (91 * 2 + Math.ceil((65534 * 2) / 0x7fff) + 1));
    await expect(transcode(input, { to: 'glb', read })).resolves.toBeDefined();
  });

  it('.sdata nextTime 0x7FFF (snake.2.sdata u16 @56 := 0xFFFF): keys past the duration end at it', async () => {
    const dir = ['t3dm', '08_animation', 'filesystem'];
    const streams: Record<string, Uint8Array> = {};
    for (let n = 0; n < 5; n++) streams[`snake.${n}.sdata`] = readFixture(...dir, `snake.${n}.sdata`);
    const source = readSdata(streams['snake.2.sdata']!).records.length;
    streams['snake.2.sdata'] = mutated(streams['snake.2.sdata']!, 56, [0xff, 0xff]);
    const input = {
      bytes: readFixture(...dir, 'snake.t3dm'),
      fileName: 'snake.t3dm',
      sidecars: memorySidecars(streams),
    };
    const result = await transcode(input, { to: 't3dm' });
    expect(codes(result)).toContain('t3dm/keys-past-duration');
    const reference = readT3dm(readFixture(...dir, 'snake.t3dm')).chunks.filter(
      (c): c is T3dmAnimation => c.kind === 'animation',
    );
    // Every clip lasts what its A chunk says, in the scene (so in the GLB) and in the T3DM written.
    result.scene.animations.forEach((a, i) => {
      let end = 0;
      for (const s of a.samplers) end = Math.max(end, s.input[s.input.length - 1]!);
      expect(end, a.name).toBe(reference[i]!.duration);
    });
    const { chunks, records } = animationsOf(result);
    expect(chunks.map((a) => a.duration)).toEqual(reference.map((a) => a.duration));
    // No more keys than the stream read holds.
    expect(records[2]).toBeLessThanOrEqual(source);
    await expect(transcode(input, { to: 'glb' })).resolves.toBeDefined();
  });
});

/** One bone with a mesh bound to it and one translation channel of `keys` keys, 1/60 s apart. */
function longChannelScene(keys: number): Scene {
  const scene = createScene();
  scene.nodes.push({ name: 'bone', children: [] }, { name: 'mesh', children: [], mesh: 0, skin: 0 });
  scene.roots.push(0, 1);
  scene.materials.push(createMaterial({ name: 'm' }));
  scene.meshes.push({
    primitives: [
      {
        mode: 'TRIANGLES',
        material: 0,
        attributes: {
          POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 },
          JOINTS_0: { array: new Uint16Array(12), itemSize: 4 },
          WEIGHTS_0: { array: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]), itemSize: 4 },
        },
      },
    ],
  });
  scene.skins.push({
    joints: [0],
    inverseBindMatrices: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
  });
  const input = Float32Array.from({ length: keys }, (_, i) => i / 60);
  const output = new Float32Array(keys * 3);
  for (let i = 0; i < keys; i++) output[i * 3 + 1] = Math.sin(i / 10);
  scene.animations.push({
    name: 'long',
    channels: [{ node: 0, path: 'translation', sampler: 0 }],
    samplers: [{ input, output, interpolation: 'LINEAR' }],
  });
  return scene;
}

describe('T3DM animation writer on data-sized arrays', () => {
  it('writes a 200,001-key channel (more values than a spread into Math.max can take)', () => {
    const out = sceneToT3dm(longChannelScene(200_001));
    expect(out.sdata).toHaveLength(1);
    const records = out.sdata[0]!.file.records;
    // One record per kept key: at most one per tick of the 3333 s clip, at least the sine's turning points.
    expect(records.length).toBeLessThanOrEqual(200_001);
    expect(records.length).toBeGreaterThan(200_000 / (20 * Math.PI));
  });
});
