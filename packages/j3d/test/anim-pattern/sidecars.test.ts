/*
 * BTP and BVA through the BMD/BDL adapter: `<base>.btp` and `<base>.bva` beside a model are attached on their own
 * (one clip of the base name), others by name through the `animations` option; a damaged file is a ParseError;
 * the BMD writer writes them back beside the model (the atlas offset as a BTP, the scale of a shape's own node
 * as a BVA), and the model it writes has the model's joints.
 */
import { ParseError } from '@retromodel/binary';
import { encodePng } from '@retromodel/gltf';
import { adapterRead, adapterWrite, haveFixtures, memorySidecars } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { j3dAdapter, readBva, sceneToJ3d } from '../../src/index.js';
import { readJ3d } from '../../src/read-j3d.js';
import { archiveFile, POWER_STAR } from '../anim-kinds/archive-files.js';
import { patternModel, visibilityModel } from './pattern-model.js';
import { buildBtp, buildBva } from './raw-pattern.js';

const btp = buildBtp(4, [{ material: 'screen', slot: 0, run: [1, 2, 0] }]);
const bva = buildBva(2, [[1, 0]]);

const channelsOf = (scene: { animations: { name?: string; channels: { path: string; pointer?: string }[] }[] }) =>
  scene.animations.map((a) => [a.name, a.channels.map((c) => (c.path === 'pointer' ? c.pointer : c.path))]);

describe('BTP and BVA sidecars', () => {
  it('attaches <base>.btp and <base>.bva beside the model as one clip', async () => {
    const result = await adapterRead(j3dAdapter, patternModel(), {
      fileName: 'screen.bmd',
      sidecars: memorySidecars({ 'screen.btp': btp, 'screen.bva': bva, 'other.btp': btp }),
    });
    expect(result.sidecarsUsed?.sort()).toEqual(['screen.btp', 'screen.bva']);
    expect(channelsOf(result.scene)).toEqual([
      [
        'screen',
        ['/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset', 'scale'],
      ],
    ]);
  });

  it('attaches other files named in `animations`, each as a clip of its base name', async () => {
    const result = await adapterRead(j3dAdapter, patternModel(), {
      fileName: 'screen.bmd',
      sidecars: memorySidecars({ 'blink.btp': btp, 'hide.bva': bva }),
      animations: ['blink.btp', 'hide.bva'],
    });
    expect(channelsOf(result.scene)).toEqual([
      ['blink', ['/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset']],
      ['hide', ['scale']],
    ]);
  });

  it('turns a damaged BTP or BVA into a ParseError', async () => {
    for (const [name, bytes] of [
      ['screen.btp', btp],
      ['screen.bva', bva],
    ] as const) {
      for (const cut of [0x10, 0x24, 0x30, bytes.length - 8]) {
        const sidecars = memorySidecars({ [name]: bytes.slice(0, cut) });
        await expect(adapterRead(j3dAdapter, patternModel(), { fileName: 'screen.bmd', sidecars })).rejects.toThrow(
          ParseError,
        );
      }
    }
  });
});

describe('BTP and BVA through the BMD writer', () => {
  it('writes the shape scale keys back as a BVA and the atlas offsets as a BTP, no still BCK', async () => {
    const source = buildBva(2, [[1], [1, 0], [0, 1]]);
    const read = await adapterRead(j3dAdapter, visibilityModel(true), {
      fileName: 'arm.bmd',
      sidecars: memorySidecars({ 'arm.bva': source }),
    });
    const pattern = await adapterRead(j3dAdapter, patternModel(), {
      fileName: 'screen.bmd',
      sidecars: memorySidecars({ 'screen.btp': btp }),
    });
    const arm = await adapterWrite(j3dAdapter, read.scene, { baseName: 'out', encodePng });
    expect(arm.files.map((f) => f.name)).toEqual(['out.bmd', 'arm.bva']);
    // The copies of the weighted shape's joints are joints too (a skin names them).
    expect(readJ3d(arm.files[0]!.bytes).JNT1.joints.length).toBe(4);
    // Every frame of every shape as the source has it; the writer orders shapes by their joints, so written
    // shape k is the source shape its scene node came from (extras.gx.shape, or the model's mesh for shape 0).
    const [was, back] = [readBva(source), readBva(arm.files[1]!.bytes)];
    expect(back.duration).toBe(was.duration);
    const { shapeNodes } = sceneToJ3d(read.scene);
    const at = (run: boolean[], f: number) => run[Math.min(f, run.length - 1)];
    shapeNodes.forEach((node, k) => {
      const s = (read.scene.nodes[node]!.extras?.gx as { shape?: number } | undefined)?.shape ?? 0;
      for (let f = 0; f <= was.duration; f++)
        expect(at(back.shapes[k]!, f), `shape ${s} frame ${f}`).toBe(at(was.shapes[s]!, f));
    });
    const screen = await adapterWrite(j3dAdapter, pattern.scene, { baseName: 'out', encodePng });
    expect(screen.files.map((f) => f.name)).toEqual(['out.bmd', 'screen.btp']);
    expect(readJ3d(screen.files[0]!.bytes).JNT1.joints.length).toBe(1);
  });
});

describe.skipIf(!haveFixtures)('Power Star BTP and BVA by name', () => {
  it('reads PowerStarColor.btp and .bva from the archive beside PowerStar.bdl into one clip', async () => {
    const files = Object.fromEntries(
      ['PowerStarColor.btp', 'PowerStarColor.bva', 'PowerStarColor.btk'].map((n) => [n, archiveFile(POWER_STAR, n)]),
    );
    const result = await adapterRead(j3dAdapter, archiveFile(POWER_STAR, 'PowerStar.bdl'), {
      fileName: 'PowerStar.bdl',
      sidecars: memorySidecars(files),
      animations: Object.keys(files),
    });
    const [name, channels] = channelsOf(result.scene)[0]!;
    expect(name).toBe('PowerStarColor');
    // The BTP's offset keys on the base texture (map 0) and the four shapes' scale keys; the BTK moves map 2,
    // which glTF takes at its mean colour, and is left out.
    expect((channels as string[]).filter((c) => c === 'scale')).toHaveLength(4);
    expect((channels as string[]).filter((c) => c.endsWith('KHR_texture_transform/offset'))).toHaveLength(1);
    const codes = result.diagnostics.map((d) => d.code);
    expect(codes).toContain('j3d/btk-not-played');
    expect(codes).not.toContain('j3d/btp-not-played');
  });
});
