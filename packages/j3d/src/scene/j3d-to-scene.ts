/*
 * A BMD/BDL file model to a scene (spec j3d.md §3–9, §13).
 *
 * Joints become nodes (TRS from JNT1; under Maya scale compensation or SoftImage maths with scaled parents the
 * node TRS is decomposed from the bind-pose matrices, with a diagnostic when that loses shear). Every vertex is
 * put in bind-pose model space (see build-shape-primitives). When the model has more than one joint, any
 * envelope, or animations, one skin over all joints is made: rigid vertices get weight 1 on their joint,
 * enveloped ones their envelope (≤ 4 influences), and the inverse bind matrices are the inverses of the
 * joints' node world matrices, so skinning the bind pose gives the positions back exactly. One mesh holds one
 * primitive per shape, in draw order, on a root node. Materials: see build-material; TEX1: build-textures;
 * BCK: bck-to-animation; BCA: bca-to-animation; BTK, BRK and BPK: material-animations (KHR_animation_pointer
 * channels; the files' tracks are also kept in `scene.extras.gx.textureAnimations` and `colourAnimations`, so
 * that a writer can write back what glTF could not play or what was not edited, `unplayed` marking a clip glTF
 * plays nothing of, which no animation holds); BTP: btp-to-atlas (a texture
 * atlas and STEP offset keys); BVA: bva-to-visibility (animated shapes on nodes of their own, STEP scale keys).
 * The whole TEX1, encoded as the game has it, is kept in `scene.extras.gxTex1Json` (tex1-extras).
 */

import {
  createScene,
  type Diagnostic,
  type Mat4,
  mapPacked,
  mat4Decompose,
  mat4Identity,
  mat4Invert,
  mat4InvertTo,
  mat4Multiply,
  type Scene,
  type SceneNode,
  worldMatrices,
} from '@retromodel/scene';
import type { BcaFile } from '../anim/read-bca.js';
import type { BckFile } from '../anim/read-bck.js';
import type { BpkFile } from '../anim/read-bpk.js';
import type { BrkFile } from '../anim/read-brk.js';
import type { BtkFile } from '../anim/read-btk.js';
import type { GxMaterial } from '../gx/material-types.js';
import { keptEvaluations } from '../gx/tev/reduce-tev.js';
import type { J3dFile } from '../j3d-file.js';
import { bcaToAnimation } from './bca-to-animation.js';
import { bckToAnimation } from './bck-to-animation.js';
import { addTexturePatterns, type PatternAnimation } from './btp-to-atlas.js';
import { buildMaterial, reduceMaterialTev } from './build-material.js';
import { buildShapePrimitives } from './build-shape-primitives.js';
import { addTextures } from './build-textures.js';
import { addShapeVisibility, type ShapeDraws, type VisibilityAnimation } from './bva-to-visibility.js';
import { resolveDrawMatrices } from './draw-matrices.js';
import { bindWorldMatrices, jointQuaternion } from './joint-matrices.js';
import { addMaterialAnimations, noteMaterialFiles } from './material-animations.js';
import { readModelHierarchy } from './model-hierarchy.js';
import { giveBackShapeScratch, takeShapeScratch } from './shape-scratch.js';
import { addTex1Extras } from './tex1-extras.js';

/** Options of {@link j3dToScene}. */
export interface J3dToSceneOptions {
  /** Scene name (e.g. the file's base name). */
  name?: string;
  /** Joint animations to attach, each with a name: keyframed (BCK) or one value per frame (BCA). */
  animations?: ({ name: string; bck: BckFile } | { name: string; bca: BcaFile })[];
  /**
   * Texture-SRT animations (BTK): KHR_animation_pointer channels on the base colour texture's transform
   * (material-animations.ts), their tracks also kept in `scene.extras.gx.textureAnimations`.
   */
  textureAnimations?: { name: string; btk: BtkFile }[];
  /** Colour animations, BRK (TEV and konst colours) and BPK (material colours): channels on the colour factors. */
  colorAnimations?: ({ name: string; brk: BrkFile } | { name: string; bpk: BpkFile })[];
  /** Texture patterns (BTP): an atlas for the base colour texture and STEP keys of its offset. */
  patternAnimations?: PatternAnimation[];
  /** Shape visibility (BVA): animated shapes on nodes of their own, hidden by STEP keys of their scale. */
  visibilityAnimations?: VisibilityAnimation[];
  /** Frames per second of the animations (J3D games run at 30 or 60). Default 30. */
  fps?: number;
  /** Keep TEX1 whole in `scene.extras` (tex1-extras.ts) for writing the model back. Default true. */
  gameTextures?: boolean;
}

/** A J3D model as a scene, with the reader's diagnostics and those met while converting. */
export interface J3dSceneResult {
  scene: Scene;
  diagnostics: Diagnostic[];
}

const IDENTITY = mat4Identity();

function sameMatrix(a: ArrayLike<number>, b: ArrayLike<number>, tolerance: number): boolean {
  for (let i = 0; i < 16; i++) if (Math.abs(a[i]! - b[i]!) > tolerance * Math.max(1, Math.abs(b[i]!))) return false;
  return true;
}

/** Interprets a BMD/BDL file model as a scene. */
export function j3dToScene(file: J3dFile, options: J3dToSceneOptions = {}): J3dSceneResult {
  const diagnostics: Diagnostic[] = [...file.diagnostics];
  const fps = options.fps ?? 30;
  const scene = createScene({ sourceFormat: 'j3d' });
  if (options.name) scene.name = options.name;
  const hierarchy = readModelHierarchy(file, diagnostics);
  const joints = file.JNT1.joints;
  const calc = file.INF1.matrixCalc;
  const bindWorld = bindWorldMatrices(joints, hierarchy.jointParents, hierarchy.jointOrder, calc);

  // Joint nodes.
  const jointNodes = mapPacked(joints, (_, j) => j);
  let lossy = false;
  joints.forEach((joint, j) => {
    const p = hierarchy.jointParents[j]!;
    const node: SceneNode = {
      name: joint.name,
      children: [],
      extras: { gx: { kind: joint.kind, scaleCompensate: joint.scaleCompensate } },
    };
    const plainTrs = calc === 'Basic' || (calc === 'Maya' && joint.scaleCompensate !== 1) || p < 0;
    if (plainTrs && calc !== 'SoftImage') {
      node.translation = [...joint.translation];
      node.rotation = jointQuaternion(joint);
      node.scale = [...joint.scale];
    } else {
      const parentInverse = p >= 0 ? mat4Invert(bindWorld[p]!) : null;
      const local: Mat4 = parentInverse ? mat4Multiply(parentInverse, bindWorld[j]!) : bindWorld[j]!;
      const trs = mat4Decompose(local);
      Object.assign(node, trs);
    }
    scene.nodes.push(node);
  });
  hierarchy.jointParents.forEach((p, j) => {
    if (p >= 0) scene.nodes[p]!.children.push(j);
    else scene.roots.push(j);
  });
  const nodeWorld = worldMatrices(scene);
  joints.forEach((_, j) => {
    if (!sameMatrix(nodeWorld[j]!, bindWorld[j]!, 1e-4)) lossy = true;
  });
  if (lossy) {
    diagnostics.push({
      code: 'j3d/joint-shear',
      message: `the ${calc} joint maths with scaled parents gives matrices a glTF node (TRS) cannot hold; the mesh keeps the exact bind-pose positions, but animated joints may deform differently`,
      severity: 'warning',
    });
  }

  // Textures and materials.
  const { textureOf, undecodedSums } = addTextures(scene, file.TEX1);
  const materialContext = { texture: (i: number) => textureOf[i], diagnostics, scene, undecodedSums };
  // The model's materials share TEV evaluations with each other and with the models converted before (animation
  // frames, below, do not: each frame is another state).
  const buildContext = { ...materialContext, evaluations: keptEvaluations };
  const built = mapPacked(file.MAT3.materials, (gx) => buildMaterial(gx, buildContext));
  for (const b of built) scene.materials.push(b.material);

  // Geometry.
  const drawMatrices = resolveDrawMatrices(file, bindWorld, diagnostics);
  const animations = options.animations ?? [];
  const skinned = joints.length > 1 || file.EVP1.envelopes.length > 0 || animations.length > 0;
  const mesh: Scene['meshes'][number] = { name: options.name ?? 'model', primitives: [] };
  const shapePrimitives: number[][] = mapPacked(file.SHP1.shapes, () => []);
  // Given back for the next call when this one succeeds (a call that throws leaves its scratch to the collector).
  const scratch = takeShapeScratch();
  for (const s of hierarchy.drawOrder) {
    const materialIndex = hierarchy.shapeMaterials[s]!;
    const b = materialIndex >= 0 ? built[materialIndex] : undefined;
    const texRef = b?.material.baseColorTexture;
    const first = mesh.primitives.length;
    mesh.primitives.push(
      ...buildShapePrimitives(file.SHP1.shapes[s]!, {
        vtx1: file.VTX1,
        jnt1: file.JNT1,
        drawMatrices,
        skinned,
        vertexColors: b?.vertexColors ?? false,
        ...(b ? { state: b.shape } : {}),
        minTexCoordSets: texRef ? texRef.texCoord + 1 : 0,
        material: materialIndex >= 0 ? materialIndex : undefined,
        diagnostics,
        scratch,
      }),
    );
    for (let i = first; i < mesh.primitives.length; i++) shapePrimitives[s]?.push(i);
  }
  giveBackShapeScratch(scratch);
  let draws: ShapeDraws | undefined;
  if (mesh.primitives.length > 0) {
    const meshNode: SceneNode = { name: mesh.name, children: [], mesh: scene.meshes.length };
    scene.meshes.push(mesh);
    if (skinned) {
      meshNode.skin = scene.skins.length;
      const ibm = new Float32Array(joints.length * 16);
      const singular: string[] = [];
      for (let j = 0; j < joints.length; j++) {
        // A scale of 0 (games hide parts so) or near the ends of the f32 range leaves no inverse f32 can hold.
        let fits = mat4InvertTo(nodeWorld[j]!, ibm, j * 16);
        for (let k = 0; fits && k < 16; k++) fits = Number.isFinite(ibm[j * 16 + k]!);
        if (!fits) {
          ibm.set(IDENTITY, j * 16);
          singular.push(`${j} (${joints[j]!.name})`);
        }
      }
      if (singular.length > 0) {
        diagnostics.push({
          code: 'j3d/joint-not-invertible',
          message: `joint(s) ${singular.join(', ')} have a bind-pose matrix with no inverse in f32 (a scale of 0 or near the f32 limits); their inverse bind is the identity, so vertices they move may sit elsewhere in glTF`,
          severity: 'warning',
        });
      }
      const skin: Scene['skins'][number] = { name: 'skeleton', joints: jointNodes, inverseBindMatrices: ibm };
      if (scene.roots.length === 1) skin.skeleton = scene.roots[0]!;
      scene.skins.push(skin);
    }
    draws = { mesh: meshNode.mesh!, node: scene.nodes.length, primitives: shapePrimitives };
    scene.roots.push(scene.nodes.length);
    scene.nodes.push(meshNode);
  }

  // Animations.
  for (const a of animations)
    scene.animations.push(
      'bca' in a
        ? bcaToAnimation(a.bca, a.name, joints, jointNodes, fps, diagnostics)
        : bckToAnimation(a.bck, a.name, joints, jointNodes, fps, diagnostics),
    );
  const materialAnimations = [...(options.textureAnimations ?? []), ...(options.colorAnimations ?? [])];
  // Animations re-reduce materials without reporting again what building them reported.
  const reduce = (gx: GxMaterial) => reduceMaterialTev(gx, { ...materialContext, diagnostics: [] });
  addMaterialAnimations(scene, file, materialAnimations, reduce, fps, diagnostics);
  const patterns = options.patternAnimations ?? [];
  if (patterns.length > 0) {
    const model = { names: file.MAT3.names, gx: file.MAT3.materials, textureOf, reduce, fps, diagnostics };
    addTexturePatterns(scene, model, patterns);
  }
  const visibility = options.visibilityAnimations ?? [];
  if (draws && visibility.length > 0) addShapeVisibility(scene, draws, visibility, fps, diagnostics);
  // A material file no animation took (glTF plays nothing of its clip) is kept with `unplayed`: only these
  // extras hold it, and a writer writes it back as it was.
  const unplayed = noteMaterialFiles(scene, materialAnimations);
  for (const name of unplayed)
    diagnostics.push({
      code: 'j3d/anim-not-played',
      message: `animation "${name}": glTF plays nothing of it (no channel reaches glTF or differs from the still model), so it is no glTF animation; its files are kept in the scene's extras and written back with the model (--to bmd/bdl)`,
      severity: 'warning',
    });
  const alone = (name: string) => (unplayed.has(name) ? { unplayed: true } : {});
  // Each list is tested for entries before it is mapped: an empty array mapped by TurboFan's inlined `map` has
  // another elements kind (holey) than one mapped by the builtin, and reading the mapped array's length
  // deoptimised j3dToScene at about one call in thirteen (and each time compiled it again).
  const btks = options.textureAnimations ?? [];
  const colours = options.colorAnimations ?? [];
  const textureAnimations = () =>
    btks.map((a) => ({
      name: a.name,
      loopMode: a.btk.loopMode,
      duration: a.btk.duration,
      maya: a.btk.maya,
      entries: a.btk.entries.map((e) => ({ ...e, material: file.MAT3.names.indexOf(e.materialName) })),
      ...alone(a.name),
    }));
  const colourAnimations = () =>
    colours.map((a) => {
      const file = 'brk' in a ? a.brk : a.bpk;
      return {
        name: a.name,
        kind: file.kind.slice(0, 3),
        loopMode: file.loopMode,
        duration: file.duration,
        entries: file.entries,
        ...alone(a.name),
      };
    });
  scene.extras = {
    gx: {
      kind: file.kind,
      subVersion: file.subVersion,
      loadFlags: file.INF1.loadFlags,
      ...(btks.length ? { textureAnimations: textureAnimations() } : {}),
      ...(colours.length ? { colourAnimations: colourAnimations() } : {}),
    },
  };
  if (options.gameTextures !== false)
    addTex1Extras(scene.extras, file.TEX1, () => {
      // TEX1 textures that are the base colour texture of a material that draws (as it is, not baked).
      const drawn = new Set(scene.meshes.flatMap((m) => m.primitives.map((p) => p.material)));
      const bases = new Set(
        scene.materials.flatMap((m, i) => (drawn.has(i) && m.baseColorTexture ? [m.baseColorTexture.texture] : [])),
      );
      return new Set(textureOf.flatMap((t, k) => (bases.has(t) ? [k] : [])));
    });
  return { scene, diagnostics };
}
