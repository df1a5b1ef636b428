/*
 * Every animated tiny3d example (shared T3DM fixtures with .sdata streams) read and written back as T3DM and
 * as GLB (issue 12 item 4). The source side is read by the independent Python reader
 * (../shared/tools/t3dm_dump.py: rest pose, channel mappings, decoded keys). Checked:
 * - each clip lasts what its A chunk says, in the scene, in the GLB and in the T3DM written (tiny3d's per-key
 *   tick rounding can put a stream's last key a tick later, spec §9.1: Snake_Jump, 58 ticks for 57.5), and
 *   every written channel's keys reach that end;
 * - every source channel the writer leaves out stays at the bone's rest value within the quantisation step:
 *   one step of a packed rotation component (10 bits over ±1/√2, §9.1) for rotations; for translation and
 *   scale the channel's u16 step (quantScale), the runtime's fixed-point bone matrix step (2^-16, §8) or the
 *   float rounding of the value (2^-21 relative), whichever is largest.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gltfToScene } from '@retromodel/gltf';
import type { Animation } from '@retromodel/scene';
import { readT3dm, sceneToT3dm, type T3dmAnimation, t3dmToScene } from '@retromodel/t3dm';
import { fixture, fixtureSidecars, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { transcode } from '@retromodel/transcode';
import { describe, expect, it } from 'vitest';
import { streamsOf } from '../t3dm/examples.js';

const tools = fixture('..', 'tools');
const havePython = (() => {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return existsSync(`${tools}/t3dm_dump.py`);
  } catch {
    return false;
  }
})();
if (haveFixtures && !havePython)
  console.warn('[robust tests] python3 or t3dm_dump.py missing: T3DM animation oracle skipped');

interface OracleChannel {
  target: number;
  type: number;
  axis: number;
  quantScale: number | null;
  values: number[][];
}
interface OracleFile {
  bones: { scale: number[]; rot: number[]; pos: number[] }[];
  anims: { name: string; duration: number; channels: OracleChannel[] }[];
}

/** The Python reader's view of each file: rest pose, and per animation its channels with decoded key values. */
function oracle(paths: string[]): OracleFile[] {
  const script = `
import sys, json, os, math
sys.path.insert(0, ${JSON.stringify(tools)})
import t3dm_dump as t
out = []
for path in sys.argv[1:]:
    r = t.parse(path)
    bones = r['skeletons'][0]['bones'] if r['skeletons'] else []
    anims = []
    for a in r['anims']:
        stream = os.path.join(os.path.dirname(path), os.path.basename(a['path'].replace('rom:/', '')))
        values = [[] for _ in a['map']]
        for (nt, ch, d, size) in t.parse_sdata(stream, a)['kfs']:
            m = a['map'][ch]
            values[ch].append(t.unpack_quat(d[0], d[1]) if ch < a['chQuat'] else [d[0] * m[3] + m[4]])
        anims.append({'name': a['name'], 'duration': a['duration'], 'channels': [
            {'target': m[0], 'type': m[1], 'axis': m[2],
             'quantScale': m[3] if ch >= a['chQuat'] else None, 'values': values[ch]}
            for ch, m in enumerate(a['map'])]})
    out.append({'bones': [{'scale': b['scale'], 'rot': b['rot'], 'pos': b['pos']} for b in bones], 'anims': anims})
print(json.dumps(out))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, ...paths.map((p) => fixture(p))], { encoding: 'utf8' }));
}

const animated = listFixtures('t3dm', /\.t3dm$/).filter((p) =>
  readT3dm(readFixture(p)).chunks.some((c) => c.kind === 'animation'),
);
const ROTATION_STEP = Math.SQRT2 / 1023;

const clipEnd = (a: Animation) => {
  let end = 0;
  for (const s of a.samplers) end = Math.max(end, s.input[s.input.length - 1]!);
  return end;
};

describe.skipIf(!haveFixtures || !havePython)('T3DM animations read and written back', () => {
  const sources = havePython && haveFixtures ? oracle(animated) : [];

  it('covers the animated examples', () => {
    expect(animated.length).toBeGreaterThanOrEqual(4);
  });

  it.each(animated.map((p, i) => [p, i] as const))('%s', async (path, index) => {
    const source = sources[index]!;
    const { scene } = t3dmToScene(readT3dm(readFixture(path)), { sdata: streamsOf(path) });
    const out = sceneToT3dm(scene);
    const written = out.file.chunks.filter((c): c is T3dmAnimation => c.kind === 'animation');
    const dir = path.slice(0, path.lastIndexOf('/'));
    const glb = await transcode(
      { bytes: readFixture(path), fileName: path.slice(dir.length + 1), sidecars: fixtureSidecars(dir) },
      { to: 'glb' },
    );
    const fromGlb = (await gltfToScene(glb.files[0]!.bytes)).scene;

    expect(scene.animations.map((a) => a.name)).toEqual(source.anims.map((a) => a.name));
    source.anims.forEach((anim, a) => {
      expect(Math.abs(clipEnd(scene.animations[a]!) - anim.duration), `${anim.name}: scene`).toBeLessThan(1e-6);
      expect(Math.abs(clipEnd(fromGlb.animations[a]!) - anim.duration), `${anim.name}: GLB`).toBeLessThan(1e-6);
      expect(written[a]!.duration, `${anim.name}: T3DM`).toBe(anim.duration);
      // Playback wraps at the duration and reads a channel's next key when its time is reached: each written
      // channel's ticks must reach the end (within a tick), or the runtime would run out of keys before it.
      const ticks = new Array<number>(written[a]!.channels.length).fill(0);
      for (const r of out.sdata[a]!.file.records) ticks[r.channelIdx]! += r.nextTime;
      for (const t of ticks) {
        expect(t, `${anim.name}: stream ticks`).toBeGreaterThanOrEqual(anim.duration * 60 - 1e-3);
        expect(t, `${anim.name}: stream ticks`).toBeLessThan(anim.duration * 60 + 1);
      }

      const kept = new Set(written[a]!.channels.map((c) => `${c.targetIdx}/${c.targetType}/${c.attributeIdx}`));
      for (const ch of anim.channels) {
        if (kept.has(`${ch.target}/${ch.type}/${ch.axis}`)) continue;
        const bone = source.bones[ch.target]!;
        const label = `${anim.name}: bone ${ch.target} target ${ch.type} axis ${ch.axis}, left out`;
        for (const v of ch.values) {
          if (ch.type === 3) {
            const sign = v.reduce((s, x, i) => s + x * bone.rot[i]!, 0) < 0 ? -1 : 1;
            const off = Math.max(...v.map((x, i) => Math.abs(x - sign * bone.rot[i]!)));
            expect(off, label).toBeLessThanOrEqual(ROTATION_STEP);
          } else {
            const rest = (ch.type === 0 ? bone.pos : bone.scale)[ch.axis]!;
            const step = Math.max(ch.quantScale ?? 0, 2 ** -16, 2 ** -21 * Math.max(Math.abs(rest), Math.abs(v[0]!)));
            expect(Math.abs(v[0]! - rest), label).toBeLessThanOrEqual(step);
          }
        }
      }
    });
  });
});
