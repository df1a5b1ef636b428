/*
 * Edge cases the shared fixtures lack, on files made by build-bmd.ts: QUADS, strips, lines and points; two UV
 * sets with an SRT texture matrix on the second; NBT normals; a C14X2 texture with an IA8 palette; 0xFFFF
 * matrix-table entries (keep the previous packet's slot); an envelope with five influences; material
 * instancing; fixed-point positions. Expected values come from the description, computed here independently.
 */
import { BinaryWriter } from '@retromodel/binary';
import {
  mat4Compose,
  mat4Multiply,
  mat4TransformPoint,
  quatFromEuler,
  skinPositions,
  type Vec3,
  validateScene,
} from '@retromodel/scene';
import { type BmdDescription, type BuilderVertex, buildBmd, buildSampleBmd } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { j3dToScene, readJ3d } from '../../src/internal.js';
import { primitiveColumns } from '../primitive-columns.js';

const joints: BmdDescription['joints'] = [
  { name: 'root', parent: -1 },
  { name: 'a', parent: 0, translation: [0, 2, 0], rotation: [0x1000, 0, 0] },
  { name: 'b', parent: 1, translation: [1, 0, 0], rotation: [0, 0, 0x2000] },
  { name: 'c', parent: 2, translation: [0, 1, 0] },
  { name: 'd', parent: 3, translation: [0, 0, 1], scale: [2, 2, 2] },
];

/** World matrices computed here from the spec's Basic rule (T · Rz·Ry·Rx · S, parent first). */
function worlds(): Float64Array[] {
  const out: Float64Array[] = [];
  for (const j of joints) {
    const r = (j.rotation ?? [0, 0, 0]).map((v) => (v * Math.PI) / 32768) as Vec3;
    const q = quatFromEuler(r[0], r[1], r[2], 'XYZ');
    const local = mat4Compose(j.translation ?? [0, 0, 0], q, j.scale ?? [1, 1, 1]);
    out.push(j.parent < 0 ? local : mat4Multiply(out[j.parent]!, local));
  }
  return out;
}

// C14X2, 4×4: indices 0..15 in one tile, IA8 palette entry i = (A = 255 − i, I = 16·i).
const c14 = new BinaryWriter();
for (let i = 0; i < 16; i++) c14.u16(i);
const palette = new BinaryWriter();
for (let i = 0; i < 16; i++) palette.u8(255 - i).u8(16 * i);

const quadVertices: BuilderVertex[] = [
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

const description: BmdDescription = {
  joints,
  envelopes: [{ joints: [0, 1, 2, 3, 4], weights: [0.4, 0.3, 0.15, 0.1, 0.05] }],
  drawMatrices: [{ joint: 0 }, { joint: 1 }, { joint: 2 }, { joint: 3 }, { joint: 4 }, { envelope: 0 }],
  textures: [
    {
      name: 'palette14',
      format: 0xa,
      width: 4,
      height: 4,
      data: c14.finish(),
      palette: { format: 0, data: palette.finish() },
    },
  ],
  materials: [
    { name: 'uv2', texture: 0, uvSet: 1, texMatrix: { scale: [2, 2], rotation: 0x2000, translation: [0.25, 0] } },
    { name: 'nbt', texture: 0, vertexColors: true, lighting: true },
    { name: 'uv2-again', sameEntryAs: 0, texture: 0, uvSet: 1 },
  ],
  shapes: [
    {
      material: 0,
      normals: 'NRM',
      uvSets: 2,
      packets: [
        {
          matrices: [0],
          primitives: [
            { type: 'QUADS', vertices: quadVertices },
            { type: 'TRIANGLE_STRIP', vertices: quadVertices.slice(0, 3) },
            { type: 'LINES', vertices: quadVertices.slice(0, 2) },
            { type: 'POINTS', vertices: quadVertices.slice(0, 1) },
          ],
        },
      ],
    },
    {
      material: 1,
      normals: 'NBT',
      colors: true,
      packets: [
        {
          matrices: [1],
          primitives: [
            {
              type: 'TRIANGLES',
              vertices: [
                {
                  position: [0, 0, 0],
                  normal: [0, 0, 1],
                  binormal: [0, 1, 0],
                  tangent: [1, 0, 0],
                  color: [255, 0, 0, 255],
                },
                {
                  position: [0, 1, 0],
                  normal: [0, 0, 1],
                  binormal: [0, 1, 0],
                  tangent: [1, 0, 0],
                  color: [0, 255, 0, 255],
                },
                {
                  position: [1, 0, 0],
                  normal: [0, 0, 1],
                  binormal: [0, 1, 0],
                  tangent: [1, 0, 0],
                  color: [0, 0, 255, 128],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      material: 2,
      pnmtx: true,
      uvSets: 2,
      packets: [
        {
          matrices: [3, 5],
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
        // Slot 0 keeps draw matrix 3 (joint c) from the packet before; slot 1 becomes joint d.
        {
          matrices: [0xffff, 4],
          primitives: [
            {
              type: 'TRIANGLES',
              vertices: [
                { slot: 0, position: [2, 0, 0] },
                { slot: 1, position: [0, 0, 3] },
                { slot: 0, position: [0, 0, 2] },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('BMD edge cases from the builder', () => {
  const file = readJ3d(buildBmd(description));
  const { scene, diagnostics } = j3dToScene(file);
  const world = worlds();
  const prims = scene.meshes[0]!.primitives;

  it('reads back what was written', () => {
    expect(file.diagnostics).toEqual([]);
    expect(file.JNT1.joints.map((j) => j.name)).toEqual(joints.map((j) => j.name));
    expect(file.MAT3.names).toEqual(['uv2', 'nbt', 'uv2-again']);
    expect(file.MAT3.remap).toEqual([0, 1, 0]);
    expect(file.MAT3.entries.length).toBe(2);
    expect(file.SHP1.shapes[0]!.packets[0]!.primitives.map((p) => p.type)).toEqual([
      'QUADS',
      'TRIANGLE_STRIP',
      'LINES',
      'POINTS',
    ]);
    expect(file.SHP1.shapes[2]!.packets[1]!.matrixTable).toEqual([0xffff, 4]);
    expect(validateScene(scene)).toEqual([]);
  });

  it('turns quads and strips into triangles facing the GX front side, and keeps lines and points', () => {
    const [tris, lines, points] = prims;
    expect([tris!.mode, lines!.mode, points!.mode]).toEqual(['TRIANGLES', 'LINES', 'POINTS']);
    expect(tris!.indices!.length).toBe(3 * 3);
    const p = tris!.attributes.POSITION.array;
    const idx = tris!.indices!;
    for (let t = 0; t < idx.length; t += 3) {
      const [a, b, c] = [idx[t]!, idx[t + 1]!, idx[t + 2]!].map((i) => [p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!]);
      const u = [b![0]! - a![0]!, b![1]! - a![1]!, b![2]! - a![2]!];
      const v = [c![0]! - a![0]!, c![1]! - a![1]!, c![2]! - a![2]!];
      // The quad is clockwise seen from +Y (GX front); glTF triangles must be counter-clockwise from +Y.
      expect(u[2]! * v[0]! - u[0]! * v[2]!, `triangle ${t / 3}`).toBeGreaterThan(0);
    }
    expect(lines!.indices!.length).toBe(2);
    expect(points!.indices!.length).toBe(1);
  });

  it('keeps both UV sets and maps the texture matrix to KHR_texture_transform', () => {
    const tris = prims[0]!;
    const uv1 = Array.from(tris.attributes.TEXCOORD_1!.array);
    for (const v of quadVertices)
      expect(uv1.join(',')).toContain(`${Math.fround(v.uv![1]![0]!)},${Math.fround(v.uv![1]![1]!)}`);
    const ref = scene.materials[0]!.baseColorTexture!;
    expect(ref.texCoord).toBe(1);
    // J3D Basic SRT (spec §9.3) versus glTF's T · R · S on a few points.
    const th = Math.PI / 4;
    const [s, c] = [Math.sin(th), Math.cos(th)];
    const m = [2 * c, -2 * s, 0, 2 * s, 2 * c, 0];
    m[2] = 0.25 + 0.5 - (m[0]! * 0.5 + m[1]! * 0.5);
    m[5] = 0 + 0.5 - (m[3]! * 0.5 + m[4]! * 0.5);
    const t = ref.transform!;
    for (const [u, v] of [
      [0, 0],
      [1, 0],
      [0.3, 0.9],
    ] as const) {
      const su = u * t.scale[0];
      const sv = v * t.scale[1];
      const gu = Math.cos(t.rotation) * su - Math.sin(t.rotation) * sv + t.offset[0];
      const gv = Math.sin(t.rotation) * su + Math.cos(t.rotation) * sv + t.offset[1];
      expect(gu).toBeCloseTo(m[0]! * u + m[1]! * v + m[2]!, 5);
      expect(gv).toBeCloseTo(m[3]! * u + m[4]! * v + m[5]!, 5);
    }
  });

  it('reads NBT normals into NORMAL and TANGENT, and vertex colours into COLOR_0', () => {
    const p = prims[3]!;
    const n = Array.from(p.attributes.NORMAL!.array.subarray(0, 3));
    const expected = mat4TransformPoint(world[1]!, [0, 0, 1]).map((x, i) => x - world[1]![12 + i]!);
    n.forEach((x, i) => {
      expect(x).toBeCloseTo(expected[i]!, 4);
    });
    const t = p.attributes.TANGENT!.array;
    expect(t.length).toBe(12);
    for (let k = 3; k < 12; k += 4) expect(Math.abs(t[k]!)).toBe(1);
    expect(p.attributes.COLOR_0!.array.length).toBe(12);
    expect(scene.materials[1]!.vertexColors).toBe(true);
  });

  it('places carried-forward (0xFFFF) slots with the previous packet matrix', () => {
    const p = prims[4]!;
    const pos = Array.from(p.attributes.POSITION.array);
    const has = (v: number[]) => {
      for (let k = 0; k < pos.length; k += 3)
        if (Math.hypot(pos[k]! - v[0]!, pos[k + 1]! - v[1]!, pos[k + 2]! - v[2]!) < 1e-4) return true;
      return false;
    };
    expect(has(mat4TransformPoint(world[3]!, [2, 0, 0]))).toBe(true);
    expect(has(mat4TransformPoint(world[3]!, [0, 0, 2]))).toBe(true);
    expect(has(mat4TransformPoint(world[4]!, [0, 0, 3]))).toBe(true);
  });

  it('cuts a five-joint envelope to its four largest weights, renormalised, with a diagnostic', () => {
    const p = prims[4]!;
    const joints0 = p.attributes.JOINTS_0!.array;
    const weights = p.attributes.WEIGHTS_0!.array;
    let found = false;
    for (let v = 0; v < joints0.length / 4; v++) {
      if (weights[v * 4 + 1] === 0) continue;
      found = true;
      expect(Array.from(joints0.subarray(v * 4, v * 4 + 4))).toEqual([0, 1, 2, 3]);
      const w = Array.from(weights.subarray(v * 4, v * 4 + 4));
      [0.4, 0.3, 0.15, 0.1].forEach((x, i) => {
        expect(w[i]).toBeCloseTo(x / 0.95, 5);
      });
    }
    expect(found).toBe(true);
    expect(diagnostics.some((d) => d.code === 'j3d/too-many-influences')).toBe(true);
  });

  it('decodes the C14X2 texture through its IA8 palette', () => {
    const img = scene.images[0]!;
    expect(img.kind).toBe('rgba8');
    if (img.kind !== 'rgba8') return;
    for (let i = 0; i < 16; i++)
      expect(Array.from(img.pixels.subarray(i * 4, i * 4 + 4))).toEqual([16 * i, 16 * i, 16 * i, 255 - i]);
  });

  it('reads fixed-point positions with their fractional bits', () => {
    const f = readJ3d(buildBmd({ ...description, positionFrac: 5 }));
    const pos = f.VTX1.arrays.POS!;
    expect([pos.format.compType, pos.format.frac]).toEqual([3, 5]);
    expect(Array.from(pos.data.subarray(0, 3))).toEqual([-1, 0, -1]);
  });

  it('reads DIRECT vertex colours sent inline in the display list', () => {
    const tri = (c: [number, number, number, number][]) =>
      c.map((color, i) => ({ position: [i, i === 1 ? 1 : 0, 0] as [number, number, number], color }));
    const colors: [number, number, number, number][] = [
      [255, 0, 0, 255],
      [0, 128, 0, 64],
      [1, 2, 3, 4],
    ];
    const f = readJ3d(
      buildBmd({
        joints: [{ name: 'root', parent: -1 }],
        drawMatrices: [{ joint: 0 }],
        materials: [{ name: 'vc', vertexColors: true }],
        shapes: [
          {
            material: 0,
            colors: true,
            directColors: true,
            packets: [{ matrices: [0], primitives: [{ type: 'TRIANGLES', vertices: tri(colors) }] }],
          },
        ],
      }),
    );
    expect(f.VTX1.arrays.CLR0).toBeUndefined();
    const shape = f.SHP1.shapes[0]!;
    const col = primitiveColumns(shape.packets[0]!, shape.vertexLayout)[0]!.columns.find((c) => c.attr === 11)!;
    expect(Array.from(col.values!, (x) => Math.round(x * 255))).toEqual(colors.flat());
    const p = j3dToScene(f).scene.meshes[0]!.primitives[0]!;
    expect(Array.from(p.attributes.COLOR_0!.array).length).toBe(12);
  });

  describe('joint maths', () => {
    // Root scaled (2, 3, 1); child translated (1, 0, 0), turned 45° about Z; a rigid vertex at (1, 0, 0) on it.
    const chain = (matrixCalc: number): BmdDescription => ({
      matrixCalc,
      joints: [
        { name: 'root', parent: -1, scale: [2, 3, 1] },
        { name: 'child', parent: 0, translation: [1, 0, 0], rotation: [0, 0, 0x2000], scaleCompensate: true },
      ],
      drawMatrices: [{ joint: 0 }, { joint: 1 }],
      materials: [{ name: 'm' }],
      shapes: [
        {
          material: 0,
          packets: [{ matrices: [1], primitives: [{ type: 'POINTS', vertices: [{ position: [1, 0, 0] }] }] }],
        },
      ],
    });
    // By hand, with c = s = √½: Basic diag(2,3,1)·T(1,0,0)·Rz45·p = (2 + 2c, 3s, 0); Maya SSC
    // diag(2,3,1)·T·diag(1/2,1/3,1)·Rz45·p = (2 + c, s, 0); SoftImage T(1·2, 0, 0)·Rz45·diag(2,3,1)·p = (2 + 2c, 2s, 0).
    const c = Math.SQRT1_2;
    it.each([
      [0, [2 + 2 * c, 3 * c, 0]],
      [2, [2 + c, c, 0]],
      [1, [2 + 2 * c, 2 * c, 0]],
    ])('matrix calculation %i places the vertex at %j', (calc, expected) => {
      const { scene: sc, diagnostics: diags } = j3dToScene(readJ3d(buildBmd(chain(calc))));
      const p = Array.from(sc.meshes[0]!.primitives[0]!.attributes.POSITION.array);
      p.forEach((x, i) => {
        expect(x).toBeCloseTo(expected[i]!, 5);
      });
      expect(validateScene(sc)).toEqual([]);
      // Non-uniform compensation cannot be a glTF TRS: said so, while the bind-pose skin stays exact.
      expect(diags.some((d) => d.code === 'j3d/joint-shear')).toBe(calc !== 0);
      const prim = sc.meshes[0]!.primitives[0]!;
      Array.from(skinPositions(sc, 0, prim)).forEach((x, i) => {
        expect(x).toBeCloseTo(expected[i]!, 4);
      });
    });
  });

  it('makes a sample that reads and converts cleanly', () => {
    const sample = readJ3d(buildSampleBmd());
    expect(sample.diagnostics).toEqual([]);
    expect(validateScene(j3dToScene(sample).scene)).toEqual([]);
  });
});
