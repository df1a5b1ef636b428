/*
 * Model descriptions for the independent test builder (build-bmd.ts), covering what the shared fixtures lack:
 * NBT normals, DIRECT colours, S16 positions with fractional bits, two UV sets, QUADS/lines/points/fans,
 * 0xFFFF matrix-table entries (keep the previous packet's slot), PNMTXIDX with several packets per shape.
 */
import type { BmdDescription, BuilderVertex } from '@retromodel/test-utils';

const quad: BuilderVertex[] = [
  {
    position: [-1, 0, -1],
    normal: [0, 1, 0],
    uv: [
      [0, 0],
      [0.1, 0.2],
    ],
  },
  {
    position: [1, 0, -1],
    normal: [0, 1, 0],
    uv: [
      [1, 0],
      [0.3, 0.4],
    ],
  },
  {
    position: [1, 0, 1],
    normal: [0, 1, 0],
    uv: [
      [1, 1],
      [0.5, 0.6],
    ],
  },
  {
    position: [-1, 0, 1],
    normal: [0, 1, 0],
    uv: [
      [0, 1],
      [0.7, 0.8],
    ],
  },
];

const nbtTriangle: BuilderVertex[] = [
  { position: [0, 0, 0], normal: [0, 0, 1], binormal: [0, 1, 0], tangent: [1, 0, 0], color: [255, 0, 0, 255] },
  { position: [0, 1, 0], normal: [0, 0, 1], binormal: [0, 1, 0], tangent: [1, 0, 0], color: [0, 255, 0, 255] },
  { position: [1, 0, 0], normal: [0, 0, 1], binormal: [0, 1, 0], tangent: [1, 0, 0], color: [0, 0, 255, 128] },
];

const skinned: BmdDescription = {
  joints: [
    { name: 'root', parent: -1 },
    { name: 'a', parent: 0, translation: [0, 2, 0] },
    { name: 'b', parent: 1, translation: [1, 0, 0] },
  ],
  envelopes: [{ joints: [1, 2], weights: [0.25, 0.75] }],
  drawMatrices: [{ joint: 0 }, { joint: 1 }, { joint: 2 }, { envelope: 0 }],
  positionFrac: 6,
  materials: [{ name: 'quad' }, { name: 'nbt', vertexColors: true, lighting: true }, { name: 'skin' }],
  shapes: [
    {
      material: 0,
      normals: 'NRM',
      uvSets: 2,
      packets: [
        {
          matrices: [0],
          primitives: [
            { type: 'QUADS', vertices: quad },
            { type: 'TRIANGLE_STRIP', vertices: quad.slice(0, 3) },
            { type: 'LINES', vertices: quad.slice(0, 2) },
            { type: 'POINTS', vertices: quad.slice(0, 1) },
          ],
        },
      ],
    },
    {
      material: 1,
      normals: 'NBT',
      colors: true,
      packets: [{ matrices: [1], primitives: [{ type: 'TRIANGLES', vertices: nbtTriangle }] }],
    },
    {
      material: 2,
      pnmtx: true,
      uvSets: 2,
      packets: [
        {
          matrices: [2, 3],
          primitives: [
            {
              type: 'TRIANGLE_FAN',
              vertices: [
                { slot: 0, position: [0, 0, 0] },
                { slot: 1, position: [1, 1, 1] },
                { slot: 0, position: [0, 1, 0] },
              ],
            },
          ],
        },
        {
          matrices: [0xffff, 1],
          primitives: [
            {
              type: 'TRIANGLES',
              vertices: [
                { slot: 0, position: [2, 0, 0] },
                { slot: 1, position: [0, 0, 3.25] },
                { slot: 0, position: [0, 0, 2] },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const directColors: BmdDescription = {
  joints: [{ name: 'root', parent: -1 }],
  drawMatrices: [{ joint: 0 }],
  materials: [{ name: 'vc', vertexColors: true }],
  shapes: [
    {
      material: 0,
      colors: true,
      directColors: true,
      packets: [
        {
          matrices: [0],
          primitives: [
            {
              type: 'TRIANGLES',
              vertices: [
                { position: [0, 0, 0], color: [255, 0, 0, 255] },
                { position: [0, 1, 0], color: [0, 128, 0, 64] },
                { position: [1, 0, 0], color: [1, 2, 3, 4] },
              ],
            },
          ],
        },
      ],
    },
  ],
};

/** Builder descriptions by label. */
export const builderModels: Record<string, BmdDescription> = {
  'NBT, S16 frac 6 positions, QUADS/lines/points, 0xFFFF matrix entries': skinned,
  'DIRECT colours': directColors,
};
