/*
 * A scene to a BMD/BDL file model, the mirror of j3dToScene (spec j3d.md §2–11, §14). The steps:
 * joints-from-scene (JNT1 from the nodes), geometry-from-scene (every drawn primitive with its vertices in the
 * space J3D stores them in and their draw matrices, skin-from-scene for DRW1/EVP1), hierarchy-from-scene (draw
 * order and INF1), textures-from-scene (TEX1), materials-from-scene (MAT3, one material per shape),
 * vertices-from-scene (VTX1), shapes-from-scene (SHP1), bounds-from-scene (shape and joint bounds), and for a BDL
 * mdl3-from-mat3 (MDL3, the materials as GX display lists).
 * Before that, texture-pattern atlases are cut back into their textures (pattern-textures.ts), and materials an
 * animation changes keep the animated colour or texture matrix where a BTK or BRK can reach it
 * (animated-materials.ts). The file carries Nintendo's sub-version ("SVR3" + 12 × 0xFF) and DRW1 layout, and no
 * stored layouts, so writeJ3d lays every chunk out afresh. The scene is checked with validateScene first: a scene with errors
 * (bad indices, cycles, non-finite numbers) throws.
 */
import { type Diagnostic, type Scene, validateScene } from '@retromodel/scene';
import { type J3dMatrixCalc, j3dMatrixCalcs } from '../chunks/read-inf1.js';
import type { J3dFile } from '../j3d-file.js';
import { animatedMaterialProperties } from './animated-materials.js';
import { setBounds } from './bounds-from-scene.js';
import { shapeSourcesFromScene } from './geometry-from-scene.js';
import { buildHierarchy, shapeDrawOrder } from './hierarchy-from-scene.js';
import { jointsFromScene } from './joints-from-scene.js';
import { materialsFromScene } from './materials-from-scene.js';
import { mdl3FromMat3 } from './mdl3-from-mat3.js';
import { cutPatternAtlases, type PatternTextures } from './pattern-textures.js';
import { shapeFromSource } from './shapes-from-scene.js';
import { DrawMatrices } from './skin-from-scene.js';
import { type J3dImageDecoder, texturesFromScene } from './textures-from-scene.js';
import { verticesFromScene } from './vertices-from-scene.js';

/** Options of {@link sceneToJ3d}. */
export interface SceneToJ3dOptions {
  /** `bmd` (default) or `bdl` (a BDL also carries MDL3, the materials as GX display lists). */
  kind?: 'bmd' | 'bdl';
  /**
   * How joint matrices are built (INF1): Basic (default, or the source's when the scene came from J3D),
   * SoftImage or Maya. The joint values are computed so that every calculation gives the scene's bind pose.
   */
  matrixCalc?: J3dMatrixCalc;
  /** GX texture format id for every texture (see GxTextureFormat); default: chosen per image (chooseGxFormat). */
  textureFormat?: number;
  /** Decodes encoded images (PNG, JPEG) to RGBA8, e.g. decodePng of @retromodel/gltf/png; without it they are left out. */
  decodeImage?: J3dImageDecoder;
}

/** The file model and what was noticed while making it. */
export interface SceneToJ3dResult {
  file: J3dFile;
  diagnostics: Diagnostic[];
  /** The scene the model was made from: the one given, or a copy with its texture-pattern atlases cut apart. */
  scene: Scene;
  /** Where each texture-pattern atlas's cells went (pattern-textures.ts), for the BTP written beside the model. */
  patterns: PatternTextures[];
  /** The scene node of every JNT1 joint (−1 for a root the writer added), e.g. for animationToBck. */
  jointNodes: number[];
  /** The scene node whose mesh every SHP1 shape draws (for shape visibility). */
  shapeNodes: number[];
  /** The scene material of every MAT3 material (undefined for the default one). */
  materialSources: (number | undefined)[];
  /** The TEX1 index of a scene texture (undefined when it was not written). */
  textureOf: (sceneTexture: number) => number | undefined;
}

/** The scene's `extras.gx.loadFlags` (a scene read from J3D), if any. */
function sourceLoadFlags(scene: Scene): number | undefined {
  const gx = scene.extras?.gx as { loadFlags?: unknown } | undefined;
  const flags = gx?.loadFlags;
  return typeof flags === 'number' && Number.isInteger(flags) && flags >= 0 && flags <= 0xffff ? flags : undefined;
}

/** Converts a scene into a BMD/BDL file model (write it with writeJ3d). */
export function sceneToJ3d(given: Scene, options: SceneToJ3dOptions = {}): SceneToJ3dResult {
  const problems = validateScene(given);
  const errors = problems.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    throw new Error(
      `cannot write J3D from an invalid scene: ${errors
        .slice(0, 5)
        .map((d) => d.message)
        .join('; ')}${errors.length > 5 ? ` (and ${errors.length - 5} more)` : ''}`,
    );
  const diagnostics: Diagnostic[] = [...problems];
  if (given.animations.length > 0)
    diagnostics.push({
      code: 'j3d/animations-not-in-model',
      message: `${given.animations.length} animation(s) are not part of a BMD/BDL: they go to animation files beside it (--to bmd/bdl writes them; in the library, animationFilesFromScene)`,
      severity: 'info',
    });
  const { scene, patterns } = cutPatternAtlases(given, options.decodeImage, diagnostics);
  const animated = animatedMaterialProperties(scene);
  const flags = sourceLoadFlags(scene);
  const fromSource = flags === undefined ? undefined : j3dMatrixCalcs[flags & 0xf];
  const calc = options.matrixCalc ?? fromSource ?? 'Basic';
  const loadFlags = flags !== undefined && fromSource === calc ? flags : j3dMatrixCalcs.indexOf(calc);

  const joints = jointsFromScene(scene, calc, diagnostics);
  const draw = new DrawMatrices(joints, scene);
  const unordered = shapeSourcesFromScene(scene, joints, draw, diagnostics);
  const order = shapeDrawOrder(
    unordered.map((s) => s.ownerJoint),
    joints.parents,
  );
  const sources = order.map((s) => unordered[s]!);
  const textures = texturesFromScene(
    scene,
    {
      ...(options.textureFormat !== undefined ? { textureFormat: options.textureFormat } : {}),
      ...(options.decodeImage ? { decodeImage: options.decodeImage } : {}),
    },
    diagnostics,
  );
  const materials = materialsFromScene(
    scene,
    sources.map((s) => ({ material: s.material, hasVertexColor: s.color !== undefined })),
    textures,
    diagnostics,
    (m) => animated.get(m) ?? {},
    patterns,
  );
  textures.finish();
  sources.forEach((s, k) => {
    if (!materials.readsVertexColor[k]) delete s.color;
    const sets = materials.readsTexCoords[k];
    if (sets) s.texcoords = s.texcoords.map((t, n) => (sets.has(n) ? t : undefined));
  });
  const { vtx1, indices } = verticesFromScene(sources);
  const shapes = sources.map((s, k) =>
    shapeFromSource(s, indices[k]!, (id) => draw.drawIndex(id), materials.flipWinding[k]!),
  );
  setBounds(sources, shapes, joints.joints, draw, joints.bindWorld);
  const { DRW1, EVP1 } = draw.finish();
  const hierarchy = buildHierarchy(
    joints.parents,
    sources.map((s) => s.ownerJoint),
    materials.materialOfShape,
  );
  const bdl = options.kind === 'bdl';
  const file: J3dFile = {
    kind: bdl ? 'bdl4' : 'bmd3',
    fileSize: 0,
    sectionCount: bdl ? 9 : 8,
    subVersion: `SVR3${'\xff'.repeat(12)}`,
    chunks: [],
    INF1: {
      loadFlags,
      matrixCalc: calc,
      mtxGroupCount: shapes.reduce((n, s) => n + s.packets.length, 0),
      vertexCount: vtx1.arrays.POS?.count ?? 0,
      hierarchyOffset: 0x18,
      hierarchy,
    },
    VTX1: vtx1,
    EVP1,
    DRW1,
    JNT1: { joints: joints.joints, remap: joints.joints.map((_, j) => j), dataOffset: 0 },
    SHP1: { shapes, remap: shapes.map((_, s) => s), vertexFormats: vtx1.formats },
    MAT3: materials.mat3,
    TEX1: textures.tex1,
    diagnostics: [],
  };
  if (bdl) file.MDL3 = mdl3FromMat3(materials.mat3, textures.tex1);
  const materialSources: (number | undefined)[] = [];
  sources.forEach((s, k) => {
    const valid = s.material !== undefined && scene.materials[s.material] !== undefined;
    materialSources[materials.materialOfShape[k]!] = valid ? s.material : undefined;
  });
  return {
    file,
    diagnostics,
    scene,
    patterns,
    jointNodes: joints.nodes,
    shapeNodes: sources.map((s) => s.node),
    materialSources,
    textureOf: textures.textureOf,
  };
}
