/*
 * A small textured, vertex-coloured cube built in code, for CLI and plugin tests that must not depend on
 * the shared fixtures. Its numbers come from the definition of a unit cube, not from any output.
 */
import { createMaterial, createScene, type Scene } from '@retromodel/scene';

export function cubeScene(): Scene {
  const s = createScene({ sourceFormat: 'test' });
  const positions: number[] = [];
  const uvs: number[] = [];
  const colors: number[] = [];
  const indices: number[] = [];
  // Each face: normal axis, the two in-plane axes, chosen so that (u × v) = normal (counter-clockwise front).
  const faces: [number[], number[], number[]][] = [
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [0, 1, 0],
      [1, 0, 0],
    ],
  ];
  for (const [n, u, v] of faces) {
    const base = positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      positions.push(
        n[0]! * 0.5 + u[0]! * a * 0.5 + v[0]! * b * 0.5,
        n[1]! * 0.5 + u[1]! * a * 0.5 + v[1]! * b * 0.5,
        n[2]! * 0.5 + u[2]! * a * 0.5 + v[2]! * b * 0.5,
      );
      uvs.push((a + 1) / 2, (1 - b) / 2);
      colors.push(255, (a + 1) * 127, (b + 1) * 127, 255);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  const pixels = new Uint8Array(4 * 4 * 4);
  for (let i = 0; i < 16; i++) pixels.set((i + (i >> 2)) % 2 ? [255, 255, 255, 255] : [40, 40, 160, 255], i * 4);
  s.images.push({ kind: 'rgba8', name: 'checker', width: 4, height: 4, pixels });
  s.samplers.push({ wrapS: 'REPEAT', wrapT: 'REPEAT', magFilter: 'NEAREST', minFilter: 'NEAREST' });
  s.textures.push({ image: 0, sampler: 0 });
  s.materials.push(
    createMaterial({ name: 'checker', baseColorTexture: { texture: 0, texCoord: 0 }, vertexColors: true }),
  );
  s.meshes.push({
    name: 'cube',
    primitives: [
      {
        mode: 'TRIANGLES',
        material: 0,
        indices: Uint16Array.from(indices),
        attributes: {
          POSITION: { array: Float32Array.from(positions), itemSize: 3 },
          TEXCOORD_0: { array: Float32Array.from(uvs), itemSize: 2 },
          COLOR_0: { array: Uint8Array.from(colors), itemSize: 4, normalized: true },
        },
      },
    ],
  });
  s.nodes.push({ name: 'cube', children: [], mesh: 0 });
  s.roots.push(0);
  return s;
}
