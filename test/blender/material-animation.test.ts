/*
 * A material animation made in Blender back into the game. Real Blender (3.4, headless) authors a water plane
 * whose material scrolls a texture through a Mapping node and has an emission colour, and exports it with its
 * own glTF exporter (author-material-animation.py). Blender 3.4 writes no animation of material properties (4.2
 * added KHR_animation_pointer, exported when animations are baked), so the clip is added to Blender's GLB as
 * Blender 4.2 writes one: channels on `/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/
 * KHR_texture_transform/offset` and `/materials/0/emissiveFactor`, LINEAR keys at every frame at 24 fps, in an
 * animation named after the action. Converted with `to: 'bdl'`, the model gets `<clip>.btk` and `<clip>.brk`
 * beside it (and no still BCK); read back with them, the scroll plays the channel's offset at every half frame
 * within 1e-5, and the emission colour the channel's at every frame within one GX colour unit (1/255 of the
 * display value: BRK colours are whole units), both against the keys as the GLB holds them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readBrk, readBtk } from '@retromodel/j3d';
import { type AnimationSampler, materialPointer, type Scene, sampleSampler } from '@retromodel/scene';
import { memorySidecars, repoPath } from '@retromodel/test-utils';
import { readScene, transcode } from '@retromodel/transcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blenderPath, haveBlender } from './run-blender.js';

const CLIP = 'WaterMatAction';
const FPS = 24;
const FRAMES = 48;
const offsetAt = (t: number) => [0.25 + 0.5 * t, 0.125 * t];
const emissionAt = (t: number) => [
  0.2 + 0.6 * Math.sin(Math.PI * t) ** 2,
  0.1 + 0.3 * Math.sin(Math.PI * t) ** 2,
  0.05,
];
const linearToSrgb = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/** The clip's keys as the GLB holds them: LINEAR, every frame at 24 fps, in f32. */
function authored(curve: (t: number) => number[], width: number): AnimationSampler {
  const times = Array.from({ length: FRAMES + 1 }, (_, f) => f / FPS);
  const output = Float32Array.from(times.flatMap(curve));
  expect(output.length).toBe(times.length * width);
  return { input: Float32Array.from(times), output, interpolation: 'LINEAR' };
}

/** Blender's GLB with the clip added the way Blender 4.2 writes material animations. */
function withMaterialClip(glb: Uint8Array): Uint8Array {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const binAt = 20 + jsonLength;
  const bin = glb.subarray(binAt + 8, binAt + 8 + view.getUint32(binAt, true));
  const times = Array.from({ length: FRAMES + 1 }, (_, f) => f / FPS);
  const parts: Float32Array[] = [
    Float32Array.from(times),
    Float32Array.from(times.flatMap(offsetAt)),
    Float32Array.from(times.flatMap(emissionAt)),
  ];
  let at = bin.length;
  const accessor = (data: Float32Array, type: string, count: number) => {
    json.bufferViews.push({ buffer: 0, byteOffset: at, byteLength: data.byteLength });
    at += data.byteLength;
    json.accessors.push({
      bufferView: json.bufferViews.length - 1,
      componentType: 5126,
      count,
      type,
      ...(type === 'SCALAR' ? { min: [0], max: [FRAMES / FPS] } : {}),
    });
    return json.accessors.length - 1;
  };
  const input = accessor(parts[0]!, 'SCALAR', times.length);
  const offset = accessor(parts[1]!, 'VEC2', times.length);
  const emission = accessor(parts[2]!, 'VEC3', times.length);
  const pointer = (p: string) => ({ path: 'pointer', extensions: { KHR_animation_pointer: { pointer: p } } });
  json.animations = [
    {
      name: CLIP,
      channels: [
        { sampler: 0, target: pointer(materialPointer({ material: 0, slot: 'baseColorTexture', property: 'offset' })) },
        { sampler: 1, target: pointer(materialPointer({ material: 0, property: 'emissiveFactor' })) },
      ],
      samplers: [
        { input, output: offset, interpolation: 'LINEAR' },
        { input, output: emission, interpolation: 'LINEAR' },
      ],
    },
  ];
  json.extensionsUsed = [...(json.extensionsUsed ?? []), 'KHR_animation_pointer'];
  const binBytes = new Uint8Array(Math.ceil(at / 4) * 4);
  binBytes.set(bin);
  let o = bin.length;
  for (const p of parts) {
    binBytes.set(new Uint8Array(p.buffer), o);
    o += p.byteLength;
  }
  json.buffers[0].byteLength = binBytes.length;
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonBytes = new Uint8Array(Math.ceil(text.length / 4) * 4).fill(0x20);
  jsonBytes.set(text);
  const out = new Uint8Array(12 + 8 + jsonBytes.length + 8 + binBytes.length);
  const w = new DataView(out.buffer);
  w.setUint32(0, 0x46546c67, true);
  w.setUint32(4, 2, true);
  w.setUint32(8, out.length, true);
  w.setUint32(12, jsonBytes.length, true);
  w.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  w.setUint32(20 + jsonBytes.length, binBytes.length, true);
  w.setUint32(24 + jsonBytes.length, 0x004e4942, true);
  out.set(binBytes, 28 + jsonBytes.length);
  return out;
}

let dir: string;
let files: Map<string, Uint8Array>;
let back: Scene;

beforeAll(async () => {
  if (!haveBlender) return;
  dir = await mkdtemp(join(tmpdir(), 'retromodel-blender-anim-'));
  const out = join(dir, 'water.glb');
  const script = repoPath('test/blender/author-material-animation.py');
  await promisify(execFile)(
    blenderPath,
    ['-b', '--factory-startup', '--python-exit-code', '1', '--python', script, '--', out],
    {
      timeout: 120_000,
    },
  );
  const glb = withMaterialClip(new Uint8Array(await readFile(out)));
  const result = await transcode({ bytes: glb, fileName: 'water.glb' }, { to: 'bdl' });
  files = new Map(result.files.map((f) => [f.name, f.bytes]));
  const anims = [...files.keys()].filter((n) => !n.endsWith('.bdl'));
  back = (
    await readScene(
      {
        bytes: files.get('water.bdl')!,
        fileName: 'water.bdl',
        sidecars: memorySidecars(Object.fromEntries(anims.map((n) => [n, files.get(n)!]))),
      },
      { read: { j3d: { animations: anims } } },
    )
  ).scene;
}, 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The sampler of the read-back clip's channel on material WaterMat's `property`. */
function channel(property: 'offset' | 'emissiveFactor'): AnimationSampler {
  const m = back.materials.findIndex((x) => x.name === 'WaterMat');
  const pointer =
    property === 'offset'
      ? materialPointer({ material: m, slot: 'baseColorTexture', property })
      : materialPointer({ material: m, property });
  const animation = back.animations.find((a) => a.name === CLIP)!;
  const c = animation.channels.find((x) => x.path === 'pointer' && x.pointer === pointer);
  expect(c, pointer).toBeDefined();
  return animation.samplers[c!.sampler]!;
}

describe.skipIf(!haveBlender)('a Blender material animation to BDL', () => {
  it('writes the model, a BTK and a BRK named after the clip, and no BCK', () => {
    expect([...files.keys()]).toEqual(['water.bdl', `${CLIP}.btk`, `${CLIP}.brk`]);
    const btk = readBtk(files.get(`${CLIP}.btk`)!);
    const brk = readBrk(files.get(`${CLIP}.brk`)!);
    // Two seconds at the game's 30 frames a second.
    expect([btk.duration, brk.duration]).toEqual([60, 60]);
    expect(brk.entries.map((e) => [e.materialName, e.kind])).toEqual([['WaterMat', 'konst']]);
  });

  it('plays the texture scroll at every half frame', () => {
    const sampler = channel('offset');
    for (let k = 0; k <= 120; k++) {
      const t = k / 60;
      const got = sampleSampler(sampler, t, 2, false);
      const want = sampleSampler(authored(offsetAt, 2), t, 2, false);
      for (const [i, v] of want.entries()) expect(Math.abs(got[i]! - v), `t ${t}`).toBeLessThan(1e-5);
    }
  });

  it('plays the emission colour at every frame within one colour unit', () => {
    const sampler = channel('emissiveFactor');
    for (let f = 0; f <= 60; f++) {
      const t = f / 30;
      const got = sampleSampler(sampler, t, 3, false).map(linearToSrgb);
      const want = sampleSampler(authored(emissionAt, 3), t, 3, false).map(linearToSrgb);
      for (const [i, v] of got.entries())
        expect(Math.abs(v - want[i]!), `frame ${f}`).toBeLessThanOrEqual(1 / 255 + 1e-6);
    }
  });
});
