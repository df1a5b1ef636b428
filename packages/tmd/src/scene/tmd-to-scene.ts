/*
 * tmdToScene: a TMD (with its TKL and TMLs) as a scene. Scene node i is TMD node i, posed in the bind pose;
 * one skin binds every node (JOINTS_0 values are node indices) with the file's inverse bind matrices. Each
 * LOD level becomes a mesh on its own root node (`<tkl>_LOD<n>`): by default only level 0, the most detailed;
 * `lod: n` picks level n; `lod: 'all'` keeps every level as a LOD group whose levels[0] is in the hierarchy.
 * The file gives no per-level switch distances: jpog-blender reads the LOD header as the maximum LOD distance,
 * so the group's distances split it evenly (level i from lodHeader · i / levels), flagged as a guess in extras.
 * Up axis: TMD data is Z-up (jpog-blender imports positions unchanged into Blender, which is Z-up, and the
 * OpenJPOG repacker declares Z_UP in its COLLADA output; spec tmd.md §2.7). glTF is +Y up, so every root but
 * the skinned mesh nodes (whose joints place them) goes under one added root node, `<name>_yup`, rotated −90°
 * about X ((x, y, z) → (x, z, −y)); the data itself is kept as stored, and `extras.toshi.upAxis` says 'Z'.
 * `yUp: false` leaves the file's axes as they are.
 */
import { createScene, type Diagnostic, OptionError, type Scene } from '@retromodel/scene';
import type { TklFile } from '../read-tkl.js';
import type { TmlFile } from '../read-tml.js';
import type { TmdFile } from '../tmd-file.js';
import { buildAnimations } from './build-animations.js';
import { buildLevelMesh } from './build-level-mesh.js';
import { MaterialResolver, type NamedTml } from './build-materials.js';
import { buildSkeleton } from './build-skeleton.js';

/** Sidecars and choices for {@link tmdToScene}. */
export interface TmdToSceneOptions {
  /** The keyframe library the header names; without it animations are left out (with a warning). */
  tkl?: TklFile;
  /** Material libraries, searched in order; plain files are named `tml<n>` in messages. */
  tmls?: (TmlFile | NamedTml)[];
  /** Which LOD level to convert (default 0, the most detailed), or 'all' for a LOD group. */
  lod?: number | 'all';
  /** Put the model under a root that turns the file's Z-up into glTF's Y-up (default true). */
  yUp?: boolean;
  /** Name for the scene and its mesh nodes (default: the TKL name from the header). */
  name?: string;
}

/** The scene and everything worth telling about it. */
export interface TmdSceneResult {
  scene: Scene;
  /** The file's own diagnostics followed by the conversion's. */
  diagnostics: Diagnostic[];
}

function named(tmls: (TmlFile | NamedTml)[]): NamedTml[] {
  return tmls.map((t, i) => ('file' in t ? t : { name: `tml${i}`, file: t }));
}

function chooseLevels(file: TmdFile, lod: TmdToSceneOptions['lod']): number[] {
  const count = file.lod.levels.length;
  if (count === 0) return [];
  if (lod === 'all') return file.lod.levels.map((_, i) => i);
  const wanted = lod ?? 0;
  if (Number.isInteger(wanted) && wanted >= 0 && wanted < count) return [wanted];
  const levels = count === 1 ? 'one LOD level (0)' : `${count} LOD levels (0 to ${count - 1})`;
  throw new OptionError(`lod ${wanted} does not exist: the model has ${levels}; 'all' keeps every level`);
}

/**
 * Converts a parsed TMD (and its sidecars) to a scene. Never throws for a file `readTmd` accepted, except an
 * OptionError for a `lod` level the file does not have.
 */
export function tmdToScene(file: TmdFile, options: TmdToSceneOptions = {}): TmdSceneResult {
  const diagnostics: Diagnostic[] = [...file.diagnostics];
  const name = options.name ?? (file.header.tklName || 'tmd');
  const scene = createScene({ sourceFormat: 'tmd' });
  scene.name = name;
  scene.extras = {
    toshi: {
      tklName: file.header.tklName,
      salt: file.header.salt,
      unk2_1: file.header.unk2_1,
      unk2_2: file.header.unk2_2,
      hasAux: file.scene.hasAux,
      upAxis: 'Z',
    },
  };
  const numNodes = file.nodes.length;
  const skeleton = buildSkeleton(scene, file.nodes, diagnostics);
  let skeletonRoots = skeleton.roots;
  if (skeletonRoots.length > 1) {
    // A skin's joints need one common root in glTF.
    scene.nodes.push({ name: `${name}_skeleton`, children: [...skeletonRoots] });
    skeletonRoots = [scene.nodes.length - 1];
  }
  scene.roots.push(...skeletonRoots);
  const skinned = numNodes > 0;
  if (skinned) {
    scene.skins.push({
      name: `${name}_skin`,
      joints: Array.from({ length: numNodes }, (_, i) => i),
      inverseBindMatrices: skeleton.inverseBindMatrices,
      skeleton: skeletonRoots[0],
    });
  }

  const materials = new MaterialResolver(scene, named(options.tmls ?? []), diagnostics);
  const levels = chooseLevels(file, options.lod);
  const levelNodes = levels.map((l) => {
    const mesh = buildLevelMesh(
      file.lod.levels[l]!,
      l,
      numNodes,
      skinned,
      (m) => materials.resolve(m.material),
      diagnostics,
    );
    scene.meshes.push(mesh);
    scene.nodes.push({
      name: `${name}_LOD${l}`,
      mesh: scene.meshes.length - 1,
      skin: skinned ? 0 : undefined,
      children: [],
    });
    return scene.nodes.length - 1;
  });
  materials.report();
  if (levelNodes.length > 0) scene.roots.push(levelNodes[0]!);
  if (options.lod === 'all' && levelNodes.length > 1) {
    const max = file.lod.lodHeaderFloat;
    const known = Number.isFinite(max) && max > 0;
    scene.lodGroups.push({
      name: `${name}_LOD`,
      levels: levelNodes,
      distances: known ? levels.map((l) => (max * l) / levels.length) : undefined,
      extras: {
        toshi: {
          lodHeader: file.lod.lodHeader,
          lodHeaderFloat: file.lod.lodHeaderFloat,
          distanceRule:
            'lodHeader read as the maximum LOD distance (jpog-blender), split evenly across levels; unverified',
        },
      },
    });
  }
  buildAnimations(scene, file.animations, options.tkl, diagnostics);
  if (options.yUp !== false) {
    // Skinned mesh nodes stay roots: glTF ignores their parents (their joints, under the new root, place them).
    const skinnedMesh = (n: number) => scene.nodes[n]!.skin !== undefined;
    scene.nodes.push({
      name: `${name}_yup`,
      rotation: [-Math.SQRT1_2, 0, 0, Math.SQRT1_2],
      children: scene.roots.filter((n) => !skinnedMesh(n)),
    });
    scene.roots = [scene.nodes.length - 1, ...scene.roots.filter(skinnedMesh)];
  }
  return { scene, diagnostics };
}
