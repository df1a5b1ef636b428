/*
 * sceneToTmd: any scene as a TMD model with its keyframe library (TKL) and material library (TML), the mirror
 * of tmdToScene. The scene's world is turned from glTF's Y-up to the game's Z-up (z-up.ts); the skeleton
 * (skeleton-from-scene.ts), each LOD level's meshes and pieces (geometry-from-scene.ts, pieces-from-scene.ts),
 * the animations with their TKL keys (animations-from-scene.ts) and the TML (tml-from-scene.ts) follow the rules
 * in those files.
 * LOD levels come from the scene's MSFT_lod groups: level i draws every group's level i (its last level when it
 * has fewer) and every mesh outside the groups; without groups there is one level. At most 5 levels (the
 * engine's MAX_NUM_LODS). The LOD header is read by jpog-blender as the maximum LOD distance, which tmdToScene
 * splits evenly across the levels: it is written back from the group's distances when they follow that rule,
 * else as jpog-blender's exporter fills it, twice the model's largest dimension. Per level: unk1 0 (OpenJPOG
 * found 0 in every game file but VentP90*), unk2 the level's bounding sphere (centre, radius: jpog-blender's
 * reading of the field).
 * Header fields no tool understands are written as the game's own files have them where that is known, else
 * as jpog-blender writes new files (spec §2.11): version 0; salt, unk2_1, unk2_2 from a scene read from a TMD,
 * else 0; u3/u4 0; no aux block (no tool writes one, and what it means is unknown); after a TKL name of at most
 * 7 characters, the tail OpenJPOG found in the shipping files ("IX#\0\x88\0\0\0", bytes 20..27), else zeros.
 * A node's flag (+162) is 1 when neither it nor any node below it has a vertex weighted to it (OpenJPOG's "no
 * mesh"; jpog-blender's non-deforming bone), else 0.
 */
import type { Diagnostic, PngDecoder, Scene } from '@retromodel/scene';
import { nameBytes } from '../name-field.js';
import type { TklFile } from '../read-tkl.js';
import type { TmlFile } from '../read-tml.js';
import type { TmdFile, TmdLodLevel, TmdMesh } from '../tmd-file.js';
import { animationsFromScene, KeyTables } from './animations-from-scene.js';
import { geometryFromScene } from './geometry-from-scene.js';
import { piecesFromScene } from './pieces-from-scene.js';
import { depthFirst, skeletonFromScene } from './skeleton-from-scene.js';
import { identifier, NameTable } from './tmd-names.js';
import { type NamedMaterial, tmlFromScene } from './tml-from-scene.js';

/** Levels of detail a TMD holds at most. */
export const MAX_LOD_LEVELS = 5;

/** The tail OpenJPOG found after the TKL name in the shipping files (bytes 8..15 of the name field). */
const GAME_NAME_TAIL = [0x49, 0x58, 0x23, 0x00, 0x88, 0x00, 0x00, 0x00];

/** Choices for {@link sceneToTmd}. */
export interface SceneToTmdOptions {
  /** The model's name: the TKL and TML are `<name>.tkl`/`<name>.tml`, and the TMD header names the TKL. */
  name: string;
  /** An existing keyframe library to add the animations to (a copy: the TMD then names it). */
  tkl?: TklFile;
  /** Write the textures as 16-bit ARGB (a `*16.tml`) instead of DXT1/DXT5. */
  argb16?: boolean;
  /** Decodes the scene's PNG images. */
  decodePng?: PngDecoder;
}

/** The written file models. */
export interface TmdFiles {
  tmd: TmdFile;
  /** The keyframe library the TMD names (a copy of `options.tkl` with the new keys, or a new one). */
  tkl: TklFile;
  tml: TmlFile;
}

/** The file models and everything worth telling about them. */
export interface SceneToTmdResult {
  files: TmdFiles;
  diagnostics: Diagnostic[];
}

/** The mesh nodes each LOD level draws. */
function levelsOf(scene: Scene, diagnostics: Diagnostic[]): number[][] {
  const order = depthFirst(scene);
  const subtree = (root: number): number[] => {
    const out: number[] = [];
    const stack = [root];
    const seen = new Set<number>();
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (seen.has(n)) continue;
      seen.add(n);
      if (scene.nodes[n]?.mesh !== undefined) out.push(n);
      stack.push(...(scene.nodes[n]?.children ?? []));
    }
    return out;
  };
  const grouped = new Set<number>();
  const groups = scene.lodGroups.map((g) => g.levels.map((l) => subtree(l)));
  for (const g of groups) for (const level of g) for (const n of level) grouped.add(n);
  const common = order.filter((n) => scene.nodes[n]!.mesh !== undefined && !grouped.has(n));
  let count = Math.max(1, ...groups.map((g) => g.length));
  if (count > MAX_LOD_LEVELS) {
    diagnostics.push({
      code: 'tmd/lod-levels',
      message: `the scene has ${count} levels of detail; a TMD holds ${MAX_LOD_LEVELS}, so the last ${count - MAX_LOD_LEVELS} were left out`,
      severity: 'warning',
    });
    count = MAX_LOD_LEVELS;
  }
  return Array.from({ length: count }, (_, l) => [
    ...common,
    ...groups.flatMap((g) => (g.length === 0 ? [] : g[Math.min(l, g.length - 1)]!)),
  ]);
}

/** The box around a level's vertices (model space), or undefined when it has none. */
function boundsOf(meshes: TmdMesh[]): { lo: number[]; hi: number[] } | undefined {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const m of meshes)
    for (const p of m.pieces)
      for (let i = 0; i < p.vertices.positions.length; i++) {
        lo[i % 3] = Math.min(lo[i % 3]!, p.vertices.positions[i]!);
        hi[i % 3] = Math.max(hi[i % 3]!, p.vertices.positions[i]!);
      }
  return lo[0] === Infinity ? undefined : { lo, hi };
}

/** A level's bounding sphere: the centre of its box and the half diagonal. */
function boundingSphere(meshes: TmdMesh[]): [number, number, number, number] {
  const box = boundsOf(meshes);
  if (!box) return [0, 0, 0, 0];
  const c = [0, 1, 2].map((k) => (box.lo[k]! + box.hi[k]!) / 2);
  return [c[0]!, c[1]!, c[2]!, Math.hypot(box.hi[0]! - c[0]!, box.hi[1]! - c[1]!, box.hi[2]! - c[2]!)];
}

function lodHeaderOf(scene: Scene, levels: TmdLodLevel[]): number {
  const distances = scene.lodGroups[0]?.distances;
  const n = levels.length;
  if (n > 1 && distances && distances.length === n && distances[1]! > 0) {
    const max = distances[1]! * n;
    if (distances.every((d, i) => Math.abs(d - (max * i) / n) <= 1e-4 * max)) return max;
  }
  const box = boundsOf(levels[0]?.meshes ?? []);
  return box ? 2 * Math.max(...[0, 1, 2].map((k) => box.hi[k]! - box.lo[k]!)) : 0;
}

/**
 * Converts a scene to TMD, TKL and TML file models. Throws an Error saying why for a scene the format cannot hold
 * (the writer's refusal, as the J3D writers refuse).
 */
export function sceneToTmd(scene: Scene, options: SceneToTmdOptions): SceneToTmdResult {
  const diagnostics: Diagnostic[] = [];
  const skeleton = skeletonFromScene(scene, diagnostics);
  if (skeleton.nodes.length === 0) throw new Error('the scene has no mesh to write as a TMD model');
  if (skeleton.nodes.length > 0xffff) throw new Error(`a TMD holds at most 65535 nodes, not ${skeleton.nodes.length}`);
  const materialNames = new NameTable('material', 31);
  const named = new Map<number, string>();
  const nameOf = (material: number) => {
    let name = named.get(material);
    if (name === undefined) {
      name = materialNames.take(
        scene.materials[material]?.name,
        material >= 0 ? `material${material}` : `${options.name}_mat`,
      );
      named.set(material, name);
    }
    return name;
  };
  const weighted = new Uint8Array(skeleton.nodes.length);
  const levels: TmdLodLevel[] = levelsOf(scene, diagnostics).map((meshNodes, l) => {
    const meshes = geometryFromScene(scene, meshNodes, skeleton, diagnostics, `LOD ${l}`).flatMap((group) => {
      for (let v = 0; v < group.joints.length; v++)
        if (group.joints[v]! >= 0 && group.weights[v]! > 0) weighted[group.joints[v]!] = 1;
      return piecesFromScene(group, nameOf(group.material));
    });
    return { offset: 0, numMeshes: meshes.length, unk1: 0, unk2: boundingSphere(meshes), meshes };
  });
  materialNames.report(diagnostics);
  // A node's flag is 0 when it or a node below it deforms vertices: children come after parents.
  for (let i = skeleton.nodes.length - 1; i >= 0; i--) {
    const node = skeleton.nodes[i]!;
    if (weighted[i]) {
      node.flag = 0;
      if (node.parent >= 0) weighted[node.parent] = 1;
    }
  }
  const tables = new KeyTables(options.tkl);
  const animations = animationsFromScene(scene, skeleton, tables, diagnostics);
  const tklName = options.tkl ? options.tkl.name : identifier(options.name).slice(0, 15);
  const tklNameRaw = nameBytes(tklName, 16);
  if (tklName.length <= 7) tklNameRaw.set(GAME_NAME_TAIL, 8);
  const toshi = (scene.extras?.toshi ?? {}) as Record<string, unknown>;
  const u32 = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff ? v : 0);
  const lodHeader = lodHeaderOf(scene, levels);
  const tmd: TmdFile = {
    header: {
      version: 0,
      remainingBytes: 0,
      tklName,
      tklNameRaw,
      sceneBlockSize: 0,
      salt: u32(toshi.salt),
      unk2_1: u32(toshi.unk2_1),
      unk2_2: u32(toshi.unk2_2),
    },
    scene: {
      sceneBlockSize: 0,
      numNodes: skeleton.nodes.length,
      u3: 0,
      numAnimations: animations.length,
      u4: 0,
      hasAux: false,
      pointers: [],
      nodeArrayOffset: 0,
      animationTableOffset: 0,
    },
    nodes: skeleton.nodes,
    animations,
    lod: {
      offset: 0,
      numLevels: levels.length,
      lodHeader: new Uint32Array(Float32Array.of(lodHeader).buffer)[0]!,
      lodHeaderFloat: Math.fround(lodHeader),
      levels,
      end: 0,
    },
    diagnostics: [],
  };
  const base = options.tkl;
  const positions = Float32Array.from(tables.positions);
  const rotations = Float32Array.from(tables.rotations);
  const tkl: TklFile = {
    unknown: base?.unknown ?? 0,
    remainingBytes: 0,
    name: tklName,
    ...(base?.nameField ? { nameField: base.nameField } : {}),
    numPositions: positions.length / 3,
    numRotations: rotations.length / 4,
    numScales: base?.numScales ?? 0,
    positionSize: base?.positionSize ?? 12,
    rotationSize: base?.rotationSize ?? 16,
    scaleSize: base?.scaleSize ?? 4,
    dataLen: positions.length * 4 + rotations.length * 4,
    positions,
    rotations,
    ...(base?.trailing ? { trailing: base.trailing } : {}),
    diagnostics: [],
  };
  const materials: NamedMaterial[] = [...named].map(([material, name]) => ({ name, material }));
  const tml = tmlFromScene(scene, materials, options.argb16 === true, options.decodePng, diagnostics);
  return { files: { tmd, tkl, tml }, diagnostics };
}
