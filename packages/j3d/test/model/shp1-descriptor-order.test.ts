/*
 * Two readers' gaps found on models from other games (issue 38), with files made by the project's builder:
 *   - an SHP1 whose display lists send each vertex's attributes in the order the vertex descriptor lists them
 *     (CLR0 before POS here), not GX attribute order: read in GX order the colour indices land on the positions
 *     and the position indices run past the colour array, so the reader reads the shape in descriptor order,
 *     with a note; the geometry is the one a GX-order file of the same vertices gives; its SHP1 rewrites byte for
 *     byte; a model rebuilt from it sends GX order again;
 *   - a joint animation with more joint tracks than the model (37 for 25) animates the joints it has tracks for,
 *     with a warning saying which tracks are left out.
 */
import { type BmdDescription, buildBmd, jointChainBmd, movingJointsBck } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { j3dToScene, readJ3d, sceneToJ3d, writeJ3d } from '../../src/internal.js';

/**
 * Four quads side by side (16 positions) in two colours. VTX1 arrays are padded to 0x20, so the colour array
 * reads as 8 colours; positions 8 and up are past it.
 */
const quads = (colors: [number, number, number, number][]): BmdDescription => ({
  joints: [{ name: 'root', parent: -1 }],
  drawMatrices: [{ joint: 0 }],
  materials: [{ name: 'vc', vertexColors: true }],
  shapes: [
    {
      material: 0,
      colors: true,
      packets: [
        {
          matrices: [0],
          primitives: [0, 1, 2, 3].map((q) => ({
            type: 'QUADS' as const,
            vertices: [
              { position: [q * 2, 0, 0] as [number, number, number], color: colors[0] },
              { position: [q * 2 + 1, 0, 0] as [number, number, number], color: colors[q % 2] },
              { position: [q * 2 + 1, 1, 0] as [number, number, number], color: colors[1] },
              { position: [q * 2, 1, 0] as [number, number, number], color: colors[0] },
            ],
          })),
        },
      ],
    },
  ],
});

describe('an SHP1 whose display lists are in descriptor order', () => {
  const colors: [number, number, number, number][] = [
    [255, 0, 0, 255],
    [0, 0, 255, 255],
  ];
  const gxOrder = buildBmd(quads(colors));
  const description = quads(colors);
  description.shapes[0]!.descriptorOrder = [11, 9];
  const descriptorOrder = buildBmd(description);

  it('is a file GX order cannot read: position indices would run past the colour array', () => {
    expect(Buffer.from(descriptorOrder).equals(Buffer.from(gxOrder))).toBe(false);
    expect(readJ3d(gxOrder).diagnostics.map((d) => d.code)).not.toContain('j3d/shp1-descriptor-order');
  });

  it('reads in descriptor order, with a note, the geometry a GX-order file gives', () => {
    const file = readJ3d(descriptorOrder);
    const note = file.diagnostics.find((d) => d.code === 'j3d/shp1-descriptor-order');
    expect(note?.severity).toBe('info');
    expect(note?.message).toMatch(/shape 0/);
    expect(file.SHP1.shapes[0]!.sendOrder).toBe('descriptor');
    expect(file.SHP1.shapes[0]!.attributes.map((a) => a.attr)).toEqual([11, 9]);
    const primitive = (bytes: Uint8Array) => j3dToScene(readJ3d(bytes)).scene.meshes[0]!.primitives[0]!;
    const [a, b] = [primitive(descriptorOrder), primitive(gxOrder)];
    expect(Array.from(a.attributes.POSITION.array)).toEqual(Array.from(b.attributes.POSITION.array));
    expect(Array.from(a.attributes.COLOR_0!.array)).toEqual(Array.from(b.attributes.COLOR_0!.array));
  });

  it('rewrites its SHP1 byte for byte, and a model rebuilt from it sends GX order', () => {
    const file = readJ3d(descriptorOrder);
    // The builder's own DRW1 layout is not Nintendo's, so the chunk the sending order lives in is compared.
    const shp1 = (bytes: Uint8Array) => {
      const c = readJ3d(bytes).chunks.find((x) => x.tag === 'SHP1')!;
      return Buffer.from(bytes.subarray(c.offset, c.offset + c.size));
    };
    expect(shp1(writeJ3d(file)).equals(shp1(descriptorOrder))).toBe(true);
    const rebuilt = readJ3d(writeJ3d(sceneToJ3d(j3dToScene(file).scene).file));
    expect(rebuilt.diagnostics.map((d) => d.code)).not.toContain('j3d/shp1-descriptor-order');
    expect(rebuilt.SHP1.shapes.every((s) => s.sendOrder === undefined)).toBe(true);
  });
});

describe('a joint animation with more joint tracks than the model', () => {
  const joints = 25;
  const model = jointChainBmd(joints);
  // 37 joints of tracks: each joint's X translation moves, so every joint it has tracks for is animated.
  const bck = movingJointsBck(37);

  it('animates the 25 joints it names and says the other 12 tracks are left out', () => {
    const { scene, diagnostics } = j3dToScene(readJ3d(buildBmd(model)), { animations: [{ name: 'run', bck }] });
    const animated = new Set(scene.animations[0]!.channels.map((c) => c.node));
    expect(animated.size).toBe(joints);
    for (let j = 0; j < joints; j++) expect(animated.has(j)).toBe(true);
    const warning = diagnostics.find((d) => d.code === 'j3d/bck-joint-count');
    expect(warning?.severity).toBe('warning');
    expect(warning?.message).toMatch(/37 joints, the model has 25: .*joints 25–36 are left out/);
  });
});
