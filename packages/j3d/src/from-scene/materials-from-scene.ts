/*
 * MAT3 from the scene's materials (spec j3d.md §9). The J3D runtime gives every material exactly one shape, so
 * each shape gets its own J3D material; they are listed scene material by scene material (the shapes using one
 * in draw order), so a scene whose materials each draw one shape keeps its material order. A second shape of
 * the same scene material gets the name `<name>_<n>` (the MAT3 writer shares their identical init entries).
 * A scene material with `extras.gx` (the complete GX state j3dToScene keeps) is written as it is, with its
 * texture slots (the game's TEX1 indices) mapped to the TEX1 written (textures-from-scene's slotOf), once the
 * MAT3 codec has shown that it is a GX material (extras come from the user's glTF: anything else under `gx` is
 * a warning); the slot a texture-pattern atlas showed gets the TEX1 texture of the atlas's cell 0 instead (the
 * scene texture pattern-textures cut it into); any other material is built from its glTF fields
 * (gx-material-from-gltf). Primitives without a material get a default one (white, lit, vertex colours). Scene
 * materials no shape uses are left out.
 */

import { BinaryReader } from '@retromodel/binary';
import { createMaterial, type Diagnostic, type Material, type Scene } from '@retromodel/scene';
import { type Mat3, type Mat3Tables, readMat3 } from '../chunks/read-mat3.js';
import { writeMat3 } from '../chunks/write-mat3.js';
import type { GxMaterial } from '../gx/material-types.js';
import { defaultGxMaterial } from './gx-material-defaults.js';
import { type AnimatedMaterialProperties, gxMaterialFromGltf } from './gx-material-from-gltf.js';
import { j3dName } from './j3d-name.js';
import type { PatternTextures } from './pattern-textures.js';
import type { SceneTextures } from './textures-from-scene.js';

/** What each shape (in draw order) brings to its material. */
export interface ShapeMaterialUse {
  /** Scene material index. */
  material: number | undefined;
  /** The shape carries COLOR_0. */
  hasVertexColor: boolean;
}

/** The MAT3 chunk, each shape's material index, and what the shapes must do for their materials. */
export interface MaterialsResult {
  mat3: Mat3;
  /** J3D material of every shape. */
  materialOfShape: number[];
  /** The material culls front faces (GX cull FRONT): the shape keeps the scene's winding. */
  flipWinding: boolean[];
  /** The material reads the vertex colour. */
  readsVertexColor: boolean[];
  /** The TEXn sets a stored GX material's texgens read (undefined: keep every set the shape has). */
  readsTexCoords: (Set<number> | undefined)[];
}

const emptyTables = (): Mat3Tables =>
  Object.fromEntries(Object.keys(tablesShape).map((k) => [k, []])) as unknown as Mat3Tables;
const tablesShape: Record<keyof Mat3Tables, true> = {
  cullModes: true,
  materialColors: true,
  colorChanCounts: true,
  channelControls: true,
  ambientColors: true,
  lights: true,
  texGenCounts: true,
  texGens: true,
  postTexGens: true,
  texMatrices: true,
  postTexMatrices: true,
  textureNumbers: true,
  tevOrders: true,
  tevColors: true,
  konstColors: true,
  tevStageCounts: true,
  tevStages: true,
  swapModes: true,
  swapTables: true,
  fogs: true,
  alphaCompares: true,
  blends: true,
  zModes: true,
  zCompLocs: true,
  dithers: true,
  nbtScales: true,
};

/** JSON with object keys in sorted order, to compare values whatever order their keys came in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/**
 * Whether `gx` is a GX material MAT3 holds as it is: written alone by the MAT3 writer and read back, it is itself.
 * extras come from the user's glTF, so anything may be there; the codec is the one judge of what is a material.
 */
function survivesMat3(gx: GxMaterial): boolean {
  try {
    const mat3: Mat3 = {
      offsets: [],
      names: [gx.name],
      remap: [],
      entries: [],
      tables: emptyTables(),
      indirect: [],
      materials: [gx],
    };
    const back = readMat3(new BinaryReader(writeMat3(mat3), { format: 'j3d', section: 'MAT3' }), []).materials[0];
    return canonicalJson({ ...back, entryIndex: 0 }) === canonicalJson({ ...gx, entryIndex: 0 });
  } catch {
    return false;
  }
}

/**
 * The stored GX material of a scene material, when its extras hold a complete one under `gx` or, as JSON text,
 * under `gxJson` (`'invalid'` when they hold something else there).
 */
export function storedGxMaterial(m: Material | undefined): GxMaterial | 'invalid' | undefined {
  const extras = m?.extras;
  if (extras?.gx === undefined && extras?.gxJson === undefined) return undefined;
  const stored = checkedGx(extras.gx);
  if (stored !== 'invalid' || typeof extras.gxJson !== 'string') return stored;
  // A tool whose custom properties hold no null (Blender) brings `gx` back as text; `gxJson` is the same state.
  try {
    return checkedGx(JSON.parse(extras.gxJson));
  } catch {
    return 'invalid';
  }
}

/** `gx` as a GX material when it has every field and survives a MAT3 write and read. */
function checkedGx(gx: unknown): GxMaterial | 'invalid' {
  if (!gx || typeof gx !== 'object') return 'invalid';
  const template = defaultGxMaterial('');
  for (const [key, value] of Object.entries(template)) {
    const stored = (gx as Record<string, unknown>)[key];
    if (Array.isArray(value) ? !Array.isArray(stored) || stored.length !== value.length : stored === undefined)
      return 'invalid';
  }
  return survivesMat3(gx as GxMaterial) ? (gx as GxMaterial) : 'invalid';
}

/** Builds MAT3 for shapes drawn in this order. */
export function materialsFromScene(
  scene: Scene,
  uses: readonly ShapeMaterialUse[],
  textures: Pick<SceneTextures, 'textureOf' | 'slotOf'>,
  diagnostics: Diagnostic[],
  animated: (sceneMaterial: number) => AnimatedMaterialProperties = () => ({}),
  patterns: readonly Pick<PatternTextures, 'material' | 'texMap' | 'textures'>[] = [],
): MaterialsResult {
  const { textureOf } = textures;
  const fallback = createMaterial({ name: 'default', vertexColors: true });
  const byMaterial = new Map<number, number[]>();
  uses.forEach((u, s) => {
    const key = u.material !== undefined && scene.materials[u.material] ? u.material : -1;
    byMaterial.set(key, [...(byMaterial.get(key) ?? []), s]);
  });
  const order = [...byMaterial.keys()].sort((a, b) => (a < 0 ? 1 : b < 0 ? -1 : a - b));
  const materials: GxMaterial[] = [];
  const result: Omit<MaterialsResult, 'mat3'> = {
    materialOfShape: [],
    flipWinding: [],
    readsVertexColor: [],
    readsTexCoords: [],
  };
  let unused = 0;
  scene.materials.forEach((_, i) => {
    if (!byMaterial.has(i)) unused++;
  });
  for (const key of order) {
    const m = key >= 0 ? scene.materials[key]! : fallback;
    const baseName = j3dName(m.name ?? (key >= 0 ? `material${key}` : 'default'));
    const found = storedGxMaterial(m);
    if (found === 'invalid')
      diagnostics.push({
        code: 'j3d/gx-extras-invalid',
        message: `material "${baseName}": its extras.gx is not a GX material MAT3 can hold (edited or damaged); it is built from its glTF fields instead`,
        severity: 'warning',
      });
    const stored = found === 'invalid' ? undefined : found;
    byMaterial.get(key)!.forEach((s, n) => {
      const name = n === 0 ? baseName : `${baseName}_${n}`;
      const use = uses[s]!;
      let gx: GxMaterial;
      let readsColor: boolean;
      if (stored) {
        gx = { ...structuredClone(stored), name, entryIndex: 0 };
        const pattern = patterns.find((p) => p.material === key);
        gx.textures = gx.textures.map((t, slot) => {
          if (t === null) return null;
          const index = pattern?.texMap === slot ? textureOf(pattern.textures[0]!) : textures.slotOf(t);
          if (index === undefined)
            diagnostics.push({
              code: 'j3d/texture-not-written',
              message: `material "${name}": texture ${t} could not be written; its slot is left empty`,
              severity: 'warning',
            });
          return index ?? null;
        });
        readsColor = use.hasVertexColor;
      } else {
        gx = gxMaterialFromGltf(name, m, {
          hasVertexColor: use.hasVertexColor,
          textureOf,
          diagnostics,
          animated: key >= 0 ? animated(key) : {},
        });
        readsColor = m.vertexColors && use.hasVertexColor;
      }
      result.materialOfShape[s] = materials.push(gx) - 1;
      // A stored material reads TEXn only through its texgens (sets j3dToScene computed from normals are not).
      result.readsTexCoords[s] = stored
        ? new Set(
            gx.texGens
              .slice(0, gx.texGenCount ?? 0)
              .filter((g) => g && g.source >= 4 && g.source <= 11)
              .map((g) => g!.source - 4),
          )
        : undefined;
      result.flipWinding[s] = gx.cullMode === 1;
      result.readsVertexColor[s] = readsColor;
    });
  }
  if (unused > 0)
    diagnostics.push({
      code: 'j3d/unused-material',
      message: `${unused} scene material(s) draw no shape and are left out (a J3D material belongs to one shape)`,
      severity: 'info',
    });
  const mat3: Mat3 = {
    offsets: [],
    names: materials.map((m) => m.name),
    remap: [],
    entries: [],
    tables: emptyTables(),
    indirect: [],
    materials,
  };
  return { mat3, ...result };
}
