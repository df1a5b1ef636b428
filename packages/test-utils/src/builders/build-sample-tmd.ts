/*
 * A small, complete JPOG model made with the test builder: `sample.tmd` (a skinned square tube on a 3-bone
 * chain, 2 LOD levels, 2 animations), `sample.tkl` (its key tables) and `sample.tml` (a DXT5 texture in a DDS
 * and an ARGB_4444 texture). Used by tests and by the project's `npm start` to generate a sample:
 *   import { buildSampleTmd } from './packages/tmd/test/builder/build-sample.js';
 *   for (const [name, bytes] of Object.entries(buildSampleTmd())) writeFileSync(join('fixtures/tmd', name), bytes);
 */
import type { Quat, Vec3 } from '@retromodel/scene';
import { buildDds, buildTkl, buildTmd, buildTml, type TmdBuildPiece, type TmdBuildVertex } from './build-tmd.js';

/** A square tube around Z from z = 0 to z = rings − 1, ring k bound to bone min(k, 2); rings 1 and 2 blend. */
function tube(rings: number, slots: (ring: number) => { slots: number[]; weights: number[] }): TmdBuildPiece {
  const vertices: TmdBuildVertex[] = [];
  const height = 3;
  for (let k = 0; k < rings; k++) {
    const z = (height * k) / (rings - 1);
    for (let s = 0; s < 4; s++) {
      const angle = (s * Math.PI) / 2;
      const [x, y] = [Math.cos(angle), Math.sin(angle)];
      vertices.push({ position: [x, y, z], normal: [x, y, 0], uv: [s / 4, -z / height], ...slots(k) });
    }
  }
  const strip: number[] = [];
  for (let s = 0; s < 4; s++) {
    const side: number[] = [];
    for (let k = 0; k < rings; k++) side.push(k * 4 + s, k * 4 + ((s + 1) % 4));
    if (strip.length > 0) strip.push(strip[strip.length - 1]!, side[0]!);
    strip.push(...side);
  }
  return { boneNodeIds: [0, 1, 2], vertices, strip };
}

const rotX = (deg: number): Quat => [Math.sin((deg * Math.PI) / 360), 0, 0, Math.cos((deg * Math.PI) / 360)];

/** The sample model's files, by name. */
export function buildSampleTmd(): Record<string, Uint8Array> {
  const positions: Vec3[] = [
    [0, 0, 0],
    [0, 0, 0.5],
  ];
  const rotations: Quat[] = [[0, 0, 0, 1], rotX(20), rotX(-20)];
  const tmd = buildTmd({
    tklName: 'sample',
    salt: 0x10000,
    nodes: [
      { name: 'Scene_Root', parent: -1 },
      { name: 'Bone01', parent: 0, translation: [0, 0, 1] },
      { name: 'Bone02', parent: 1, translation: [0, 0, 1] },
    ],
    animations: [
      {
        name: 'Wave_Lp',
        duration: 1,
        channels: [
          undefined,
          { flags: 0, keys: [0, 0.5, 1].map((time, i) => ({ time, posKey: 0, rotKey: [0, 1, 0][i]! })) },
          { flags: 0, keys: [0, 0.5, 1].map((time, i) => ({ time, posKey: 0, rotKey: [0, 2, 0][i]! })) },
        ],
      },
      {
        name: 'Hop',
        flagB: 1,
        duration: 0.5,
        channels: [{ flags: 1, keys: [0, 0.25, 0.5].map((time, i) => ({ time, posKey: [0, 1, 0][i]!, rotKey: 0 })) }],
      },
    ],
    lodHeader: 20,
    levels: [
      {
        meshes: [
          {
            material: 'sample_mat',
            pieces: [
              tube(4, (k) =>
                k === 0
                  ? { slots: [0], weights: [255] }
                  : k === 3
                    ? { slots: [2], weights: [255] }
                    : { slots: [k, k - 1], weights: [191, 63] },
              ),
            ],
          },
        ],
      },
      {
        meshes: [
          { material: 'Sample_Mat_Lo', pieces: [tube(2, (k) => ({ slots: [k === 0 ? 0 : 2], weights: [255] }))] },
        ],
      },
    ],
  });
  // DXT5: a red/blue checker, fully opaque; 2×2 blocks of 8×8 pixels.
  const block = new Uint8Array([255, 255, 0, 0, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00, 0x44, 0x11, 0x44, 0x11]);
  const dxt5 = new Uint8Array(64);
  for (let b = 0; b < 4; b++) dxt5.set(block, b * 16);
  const argb4444 = new Uint8Array(32);
  for (let p = 0; p < 16; p++) argb4444.set(p % 2 ? [0xf0, 0xf0] : [0x0f, 0xf0], p * 2); // green / red, opaque
  const tml = buildTml(
    [
      { id: 1, format: 7, width: 4, height: 4, data: argb4444 },
      { id: 0, format: 6, width: 8, height: 8, data: buildDds({ width: 8, height: 8, fourCC: 'DXT5', data: dxt5 }) },
    ],
    [
      { name: 'sample_mat', textureIds: [0] },
      { name: 'sample_mat_lo', textureIds: [1] },
    ],
  );
  return { 'sample.tmd': tmd, 'sample.tkl': buildTkl('sample', positions, rotations), 'sample.tml': tml };
}
