/*
 * A Tiny3D game project laid out as real ones are (several games sharing one `assets/` folder, outputs in
 * `filesystem/`), with what the shared examples lack: same-named textures in sibling folders, textures only a
 * search of the asset folder finds (one of them named the way Blender names a copy, `x.png.001`; one with two
 * candidates at different distances), a collision mesh without a material, a skinned model whose rigid parts
 * are bound to Blender's `neutral_bone`, and a clip that holds every bone at rest. Models are glTF binaries with
 * fast64 material data (`extras.f3d_mat`, as Blender exports it with "Include custom properties"), written by
 * retromodel's glTF writer in the layout tiny3d's converter reads (indexed float attributes, joints in
 * pre-order with neutral_bone last, bones under untransformed nodes).
 *
 * assets/kart/map.glb       terrain, walls, a finish line, coll_ground (no material)
 * assets/kart/*.png         finish_pattern.png 8×8 and sand.png 16×16 beside it; deco/stripes.png
 * assets/racer/car.glb      skinned body and wheels, spoiler on neutral_bone; clips Drive and Rest
 * assets/racer/*.png        finish_pattern.png 237×62 and sand.png 64×32 (same names as kart's), stripes.png
 * assets/common/paint.png   found by the search for car.glb's `paint.png.001`
 * assets/level.glb          at the asset root: grass.ci4.png only in kart/grass/, a texture that exists nowhere
 */
import { encodePng, sceneToGlb } from '@retromodel/gltf';
import {
  type Animation,
  createMaterial,
  createScene,
  type Material,
  mat4Compose,
  mat4Invert,
  mat4Multiply,
  type Primitive,
  quatFromAxisAngle,
  type Scene,
} from '@retromodel/scene';

type Vec3 = [number, number, number];

/** A PNG of the given size (pixels vary so the files differ). */
function png(width: number, height: number, seed: number): Uint8Array {
  const pixels = Uint8Array.from({ length: width * height * 4 }, (_, i) =>
    i % 4 === 3 ? 255 : (i * 13 + seed * 29) & 0xff,
  );
  return encodePng({ width, height, pixels });
}

/** fast64 material data as Blender exports it: TEXEL0 × SHADE (or SHADE alone), one cycle, fog off, back faces culled. */
function fast64(name: string, texture: string | undefined, tile = 32, filter = 2): Material {
  const axis = (size: number) => ({ clamp: 0, mirror: 0, low: 0, high: size - 1, mask: Math.log2(size), shift: 0 });
  const textured = texture !== undefined;
  const cycle = textured
    ? { A: 1, B: 8, C: 4, D: 7, A_alpha: 7, B_alpha: 7, C_alpha: 7, D_alpha: 1 }
    : { A: 8, B: 8, C: 8, D: 4, A_alpha: 7, B_alpha: 7, C_alpha: 7, D_alpha: 4 };
  const material = createMaterial({ name });
  material.extras = {
    f3d_mat: {
      combiner1: cycle,
      combiner2: cycle,
      rdp_settings: {
        g_mdsft_cycletype: 0,
        g_cull_back: 1,
        g_cull_front: 0,
        g_fog: 0,
        g_mdsft_text_filt: filter,
        g_tex_gen: 0,
        set_rendermode: 0,
      },
      draw_layer: { sm64: 1, oot: 0 },
      set_prim: 1,
      prim_color: [1, 0.5, 0.25, 1],
      set_env: 0,
      env_color: [0, 0, 0, 1],
      set_blend: 0,
      blend_color: [0, 0, 0, 1],
      tex0: {
        tex_set: true,
        ...(textured ? { tex: { name: texture, type: 'Image' } } : { tex: {} }),
        S: axis(tile),
        T: axis(tile),
        use_tex_reference: 0,
        tex_reference: '0x08000000',
        tex_reference_size: [32, 32],
      },
    },
  };
  return material;
}

/** Indexed triangles with normals, UVs and vertex colours (float VEC4), as tiny3d reads them. */
function primitive(
  position: number[],
  normal: number[],
  uv: number[],
  indices: number[],
  material: number | undefined,
  joints?: number[],
): Primitive {
  const count = position.length / 3;
  const color = Array.from({ length: count * 4 }, (_, i) => (i % 4 === 3 ? 1 : ((i * 7) % 10) / 10));
  const p: Primitive = {
    mode: 'TRIANGLES',
    attributes: {
      POSITION: { array: Float32Array.from(position), itemSize: 3 },
      NORMAL: { array: Float32Array.from(normal), itemSize: 3 },
      TEXCOORD_0: { array: Float32Array.from(uv), itemSize: 2 },
      COLOR_0: { array: Float32Array.from(color), itemSize: 4 },
    },
    indices: Uint16Array.from(indices),
    ...(material === undefined ? {} : { material }),
  };
  if (joints) {
    p.attributes.JOINTS_0 = { array: Uint8Array.from(joints.flatMap((j) => [j, 0, 0, 0])), itemSize: 4 };
    p.attributes.WEIGHTS_0 = { array: Float32Array.from(joints.flatMap(() => [1, 0, 0, 0])), itemSize: 4 };
  }
  return p;
}

/** An n×n grid of quads over [0, size]² in XZ with a bumpy height, smooth normals, UVs repeating `repeat` times. */
function terrain(n: number, size: number, repeat: number, material: number | undefined): Primitive {
  const position: number[] = [];
  const normal: number[] = [];
  const uv: number[] = [];
  const height = (x: number, z: number) => 0.3 * Math.sin(x * 1.3) * Math.cos(z * 0.9);
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= n; i++) {
      const x = (i / n) * size;
      const z = (j / n) * size;
      position.push(x, height(x, z), z);
      const dx = height(x + 0.01, z) - height(x - 0.01, z);
      const dz = height(x, z + 0.01) - height(x, z - 0.01);
      const len = Math.hypot(dx, 0.02, dz);
      normal.push(-dx / len, 0.02 / len, -dz / len);
      uv.push((i / n) * repeat, (j / n) * repeat);
    }
  }
  const indices: number[] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const a = j * (n + 1) + i;
      indices.push(a, a + n + 1, a + 1, a + 1, a + n + 1, a + n + 2);
    }
  }
  return primitive(position, normal, uv, indices, material);
}

/** A box with flat faces (4 vertices each, as Blender exports a cube), centred at `c`, half extents `h`. */
function boxGeometry(c: Vec3, h: Vec3): { position: number[]; normal: number[]; uv: number[]; indices: number[] } {
  const out = { position: [] as number[], normal: [] as number[], uv: [] as number[], indices: [] as number[] };
  for (let axis = 0; axis < 3; axis++) {
    for (const sign of [-1, 1]) {
      const u = (axis + 1) % 3;
      const v = (axis + 2) % 3;
      const base = out.position.length / 3;
      for (const [su, sv] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ] as const) {
        const p: Vec3 = [0, 0, 0];
        p[axis] = c[axis] + sign * h[axis];
        p[u] = c[u] + su * sign * h[u];
        p[v] = c[v] + sv * h[v];
        out.position.push(...p);
        const nrm: Vec3 = [0, 0, 0];
        nrm[axis] = sign;
        out.normal.push(...nrm);
        out.uv.push((su + 1) / 2, (sv + 1) / 2);
      }
      out.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
  }
  return out;
}

function box(c: Vec3, h: Vec3, material: number | undefined): Primitive {
  const g = boxGeometry(c, h);
  return primitive(g.position, g.normal, g.uv, g.indices, material);
}

/** kart/map.glb: terrain (finish_pattern beside), walls (sand beside), a stripe decal (deco/ is nearer than racer/), a collision mesh. */
function mapScene(): Scene {
  const s = createScene({ generator: 'Khronos glTF Blender I/O v4.0.44' });
  s.materials = [
    fast64('road', 'finish_pattern.png', 8),
    fast64('sand', 'sand.png', 16, 1),
    fast64('stripes', 'stripes.png', 32, 0),
  ];
  s.meshes = [
    { name: 'Terrain', primitives: [terrain(16, 8, 4, 0)] },
    { name: 'Walls', primitives: [box([4, 0.5, -0.2], [4, 0.5, 0.2], 1), box([-0.2, 0.5, 4], [0.2, 0.5, 4], 1)] },
    { name: 'Stripes', primitives: [box([4, 0.05, 4], [0.5, 0.05, 4], 2)] },
    { name: 'coll_ground', primitives: [box([4, -0.5, 4], [4, 0.5, 4], undefined)] },
  ];
  s.nodes = [
    { name: 'Terrain', mesh: 0, children: [] },
    { name: 'Walls', mesh: 1, translation: [0.5, 0, 0], rotation: quatFromAxisAngle([0, 1, 0], 0.2), children: [] },
    { name: 'Stripes', mesh: 2, scale: [1, 1, 0.5], children: [] },
    { name: 'coll_ground', mesh: 3, children: [] },
  ];
  s.roots = [0, 1, 2, 3];
  return s;
}

/**
 * racer/car.glb: an armature (chassis → wheel, plus Blender's neutral_bone rotated -90° about X) skinning the
 * body and a wheel rigidly; the spoiler is bound to neutral_bone (so no bone). Clips: Drive (wheel turns,
 * chassis bobs) and Rest (every channel constant at the identity).
 */
function carScene(): Scene {
  const s = createScene({ generator: 'Khronos glTF Blender I/O v4.0.44' });
  s.materials = [
    fast64('paint', 'paint.png.001', 32),
    fast64('finish', 'finish_pattern.png', 8, 0),
    fast64('plain', undefined),
  ];
  const parts = [
    { geometry: boxGeometry([0, 0.4, 0], [0.8, 0.3, 0.4]), joint: 0, material: 0 },
    { geometry: boxGeometry([0.5, 0.2, 0.45], [0.2, 0.2, 0.05]), joint: 1, material: 1 },
    { geometry: boxGeometry([-0.7, 0.9, 0], [0.1, 0.05, 0.4]), joint: 2, material: 2 },
  ];
  s.meshes = [
    {
      name: 'Car',
      primitives: parts.map(({ geometry: g, joint, material }) =>
        primitive(g.position, g.normal, g.uv, g.indices, material, new Array(g.position.length / 3).fill(joint)),
      ),
    },
  ];
  const chassis = mat4Compose([0, 0.4, 0]);
  const wheel = mat4Multiply(chassis, mat4Compose([0.5, -0.2, 0.45]));
  const neutral = quatFromAxisAngle([1, 0, 0], -Math.PI / 2);
  s.nodes = [
    { name: 'Armature', children: [1, 2, 4] },
    { name: 'Car', mesh: 0, skin: 0, children: [] },
    { name: 'chassis', translation: [0, 0.4, 0], children: [3] },
    { name: 'wheel', translation: [0.5, -0.2, 0.45], children: [] },
    { name: 'neutral_bone', rotation: neutral, children: [] },
  ];
  s.roots = [0];
  s.skins = [
    {
      joints: [2, 3, 4],
      inverseBindMatrices: Float32Array.from([
        ...mat4Invert(chassis)!,
        ...mat4Invert(wheel)!,
        ...mat4Invert(mat4Compose([0, 0, 0], neutral))!,
      ]),
    },
  ];
  const turn = (angle: number) => quatFromAxisAngle([0, 0, 1], angle);
  const drive: Animation = {
    name: 'Drive',
    samplers: [
      {
        input: new Float32Array([0, 0.5, 1]),
        output: Float32Array.from([...turn(0), ...turn(2), ...turn(4)]),
        interpolation: 'LINEAR',
      },
      {
        input: new Float32Array([0, 0.5, 1]),
        output: new Float32Array([0, 0.4, 0, 0, 0.45, 0, 0, 0.4, 0]),
        interpolation: 'LINEAR',
      },
    ],
    channels: [
      { node: 3, path: 'rotation', sampler: 0 },
      { node: 2, path: 'translation', sampler: 1 },
    ],
  };
  const rest: Animation = {
    name: 'Rest',
    samplers: [
      { input: new Float32Array([0, 1]), output: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1]), interpolation: 'LINEAR' },
    ],
    channels: [{ node: 3, path: 'rotation', sampler: 0 }],
  };
  s.animations = [drive, rest];
  return s;
}

/** level.glb at the asset root: grass.ci4.png only in kart/grass/, and a texture that exists nowhere. */
function levelScene(): Scene {
  const s = createScene({ generator: 'Khronos glTF Blender I/O v4.0.44' });
  s.materials = [fast64('grass', 'grass.ci4.png', 32), fast64('missing', 'nowhere.i8.png', 16)];
  s.meshes = [{ name: 'Level', primitives: [terrain(24, 12, 6, 0), box([6, 1, 6], [1, 1, 1], 1)] }];
  s.nodes = [{ name: 'Level', mesh: 0, translation: [-6, 0, -6], children: [] }];
  s.roots = [0];
  return s;
}

/** Every file of the project, by its `/`-separated path from the project folder. */
export async function buildTiny3dProject(): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>([
    ['assets/kart/finish_pattern.png', png(8, 8, 1)],
    ['assets/kart/sand.png', png(16, 16, 2)],
    ['assets/kart/deco/stripes.png', png(32, 8, 3)],
    ['assets/kart/grass/grass.ci4.png', png(32, 32, 4)],
    ['assets/racer/finish_pattern.png', png(237, 62, 5)],
    ['assets/racer/sand.png', png(64, 32, 6)],
    ['assets/racer/stripes.png', png(16, 64, 7)],
    ['assets/common/paint.png', png(32, 16, 8)],
  ]);
  files.set('assets/kart/map.glb', (await sceneToGlb(mapScene())).bytes);
  files.set('assets/racer/car.glb', (await sceneToGlb(carScene())).bytes);
  files.set('assets/level.glb', (await sceneToGlb(levelScene())).bytes);
  return files;
}
