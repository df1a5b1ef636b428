/*
 * A scene's animations as J3D animation files beside the model (spec j3d.md §12; the mirror of j3dToScene's
 * animation options): per clip, one file per kind, named after the clip (`<clip>.bck`, `<clip>.btk`, …, the
 * way game archives name them, so that the files of one clip play together).
 *   Joint channels (translation, rotation, scale of a node that is a joint) → BCK, or BCA (full-frame) for a
 *     clip read from a BCA (`extras.gx.source`) or when `jointFormat` is 'bca'. A clip with no channels at all
 *     is a still BCK.
 *   Visibility: STEP scale keys that take a shape's node (a leaf drawing a mesh, or a joint j3dToScene added to
 *     hide a weighted shape) to zero and back to its rest scale → BVA (and not the BCK).
 *   KHR_animation_pointer on a base colour texture's KHR_texture_transform → BTK; on the offset of a material
 *     whose texture was a pattern atlas → BTP; on baseColorFactor or emissiveFactor → BRK (register and konst
 *     colours) or BPK (material colour), by the TEV reduction inverted. The material files a J3D reader kept
 *     in the scene's extras are written back as they were for materials whose channels are unedited or were
 *     never in glTF, and so are the clips glTF plays nothing of, which only the extras hold, each file with its
 *     own duration and loop mode (kept-material-animations.ts).
 * Whatever a kind cannot hold (another material property, a morph weight, a channel no sampler plays) is a
 * warning naming the clip and the channel. Clip names are made safe as file names (letters, digits, `_`, `-`,
 * `.`), and made distinct, ignoring case, by a number. A clip named like a file of the kind it writes
 * (`wait.bca`: the reader names so a joint file whose base name another joint file kept, clip-names.ts) is
 * written to that name, unless another clip's file took it.
 */
import {
  type Animation,
  type AnimationSampler,
  type Diagnostic,
  isPlayableSampler,
  type OutputFile,
  parseMaterialPointer,
  pointerWidth,
  type Scene,
  type TextureTransform,
  uniqueFileStems,
} from '@retromodel/scene';
import type { BpkFile } from '../anim/read-bpk.js';
import type { BrkFile } from '../anim/read-brk.js';
import type { BtkFile } from '../anim/read-btk.js';
import { writeBca } from '../anim/write-bca.js';
import { writeBck } from '../anim/write-bck.js';
import { writeBpk } from '../anim/write-bpk.js';
import { writeBrk } from '../anim/write-brk.js';
import { writeBtk } from '../anim/write-btk.js';
import { writeBtp } from '../anim/write-btp.js';
import { writeBva } from '../anim/write-bva.js';
import { animationToBca } from '../scene/animation-to-bca.js';
import { type AnimationToBckOptions, animationToBck, type ClipClock, clipClock } from '../scene/animation-to-bck.js';
import { type TransformChannels, transformsToBtk } from '../scene/animation-to-btk.js';
import { visibilityToBva } from '../scene/animation-to-bva.js';
import { type FactorChannels, factorsToColours } from '../scene/animation-to-colours.js';
import { type PatternChannel, patternsToBtp } from '../scene/animation-to-pattern.js';
import type { AnimationModel, WrittenModel } from './animation-model.js';
import { channelState, keptBtkEntries, keptColourEntries, unplayedClips } from './kept-material-animations.js';

/** The J3D animation kinds, by file extension. */
export type J3dAnimationKind = 'bck' | 'bca' | 'btk' | 'brk' | 'bpk' | 'btp' | 'bva';

/** Options of {@link animationFilesFromScene}. */
export interface AnimationFilesOptions extends AnimationToBckOptions {
  /** Joint animations as `bca` (full-frame) or `bck`; default: BCA for a clip read from a BCA, else BCK. */
  jointFormat?: 'bck' | 'bca';
  /** Write only these kinds (default: all). */
  kinds?: readonly J3dAnimationKind[];
  /** File base names no clip may take (ignoring case). */
  reservedNames?: readonly string[];
}

const MAX_KEYED_FRAMES = 0x7fff;
const MAX_RUN_FRAMES = 0xfffe;
const REST_TOLERANCE = 1e-6;

/**
 * Safe, distinct file base names for the clips, as every writer makes names (uniqueFileStems): a clip's name made
 * safe, numbered (`walk.1`) when another clip has it; an unnamed clip takes `baseName`, numbered after the first.
 * None is one of `reserved` (ignoring case).
 */
export function clipFileNames(
  animations: readonly Animation[],
  baseName: string,
  reserved: readonly string[] = [],
): string[] {
  return uniqueFileStems(
    animations.map((a) => a.name),
    (i, stem) => (stem ? `${stem}.${i}` : i === 0 ? baseName : `${baseName}.${i}`),
    reserved,
  );
}

/** The visibility samplers of a clip: STEP scale keys of 0 and the rest scale on a node that hides a shape. */
function visibilityChannels(scene: Scene, animation: Animation): Map<number, AnimationSampler> {
  const out = new Map<number, AnimationSampler>();
  for (const c of animation.channels) {
    if (c.path !== 'scale') continue;
    const node = scene.nodes[c.node];
    const sampler = animation.samplers[c.sampler];
    if (!node || !sampler || sampler.interpolation !== 'STEP' || !isPlayableSampler(sampler, 3)) continue;
    const gx = node.extras?.gx as { visibilityOfShape?: unknown } | undefined;
    const hides = (node.mesh !== undefined && node.children.length === 0) || gx?.visibilityOfShape !== undefined;
    if (!hides) continue;
    const rest = node.scale ?? [1, 1, 1];
    let zero = false;
    let other = false;
    for (let k = 0; k < sampler.input.length; k++) {
      const v = [0, 1, 2].map((a) => sampler.output[k * 3 + a]!);
      if (v.every((x) => x === 0)) zero = true;
      else if (!v.every((x, a) => Math.abs(x - rest[a]!) <= REST_TOLERANCE)) other = true;
    }
    if (zero && !other) out.set(c.node, sampler);
  }
  return out;
}

/** A clip's channels sorted by the kind that holds them. */
interface SortedClip {
  joints: Animation;
  visibility: Map<number, AnimationSampler>;
  transforms: TransformChannels[];
  factors: FactorChannels[];
  patterns: PatternChannel[];
  /** Channels no kind holds, described for a warning. */
  unheld: string[];
}

function sortChannels(scene: Scene, animation: Animation, model: AnimationModel): SortedClip {
  const visibility = visibilityChannels(scene, animation);
  const jointChannels = animation.channels.filter(
    (c) => c.path !== 'pointer' && !(c.path === 'scale' && visibility.has(c.node)),
  );
  const transforms = new Map<number, TransformChannels>();
  const factors = new Map<number, FactorChannels>();
  const patterns: PatternChannel[] = [];
  const unheld: string[] = [];
  for (const c of animation.channels) {
    if (c.path !== 'pointer') continue;
    const target = parseMaterialPointer(c.pointer);
    const sampler = animation.samplers[c.sampler];
    const material = target ? scene.materials[target.material] : undefined;
    if (!target || !sampler || !material || !isPlayableSampler(sampler, pointerWidth(target))) {
      unheld.push(`${c.pointer} (no material, or keys no player can play)`);
      continue;
    }
    if ('slot' in target) {
      const pattern = model.written?.patterns.find((p) => p.material === target.material);
      if (target.slot !== 'baseColorTexture') unheld.push(`${c.pointer} (J3D animates the base colour texture only)`);
      else if (pattern && target.property === 'offset') {
        const rest = material.baseColorTexture?.transform?.offset ?? [0, 0];
        patterns.push({ pattern, offset: sampler, rest: [rest[0], rest[1]] });
      } else if (pattern) unheld.push(`${c.pointer} (the texture is a pattern; only its offset selects textures)`);
      else {
        const rest: TextureTransform = material.baseColorTexture?.transform ?? {
          offset: [0, 0],
          scale: [1, 1],
          rotation: 0,
        };
        const entry = transforms.get(target.material) ?? { material: target.material, rest };
        entry[target.property] = sampler;
        transforms.set(target.material, entry);
      }
    } else if (target.property === 'baseColorFactor' || target.property === 'emissiveFactor') {
      const entry = factors.get(target.material) ?? { material: target.material };
      entry[target.property] = sampler;
      factors.set(target.material, entry);
    } else unheld.push(`${c.pointer} (no J3D animation holds ${target.property})`);
  }
  return {
    joints: { ...animation, channels: jointChannels },
    visibility,
    transforms: [...transforms.values()],
    factors: [...factors.values()],
    patterns,
    unheld,
  };
}

const TRANSFORM_PROPERTIES = ['baseColorTexture/offset', 'baseColorTexture/scale', 'baseColorTexture/rotation'];
const FACTOR_PROPERTIES = ['baseColorFactor', 'emissiveFactor'];

/**
 * Which written materials keep the entries j3dToScene kept for them (kept-material-animations.ts): those whose
 * channels of one kind (`properties`) are unedited, or never reached glTF. `channelsOf` gives a scene
 * material's channels of that kind in the clip.
 */
function keptMaterials(
  animation: Animation,
  model: WrittenModel,
  keptNames: ReadonlySet<string>,
  properties: readonly string[],
  channelsOf: (m: number | undefined) => [string, AnimationSampler][],
): Set<string> {
  const out = new Set<string>();
  for (const name of keptNames) {
    const j = model.file.MAT3.names.indexOf(name);
    const state = channelState(animation, name, properties, channelsOf(model.materialSources[j]));
    if (state !== 'edited') out.add(name);
  }
  return out;
}

/** The BTK of a clip: its texture transform channels, and the entries the reader kept where they still hold. */
function clipBtk(
  scene: Scene,
  clip: string,
  animation: Animation,
  sorted: SortedClip,
  model: WrittenModel,
  options: AnimationToBckOptions,
  diagnostics: Diagnostic[],
): BtkFile | undefined {
  const kept = keptBtkEntries(scene, animation.name ?? '', model);
  const channelsOf = (m: number | undefined) => {
    const t = sorted.transforms.find((c) => c.material === m);
    const list: [string, AnimationSampler | undefined][] = [
      ['baseColorTexture/offset', t?.offset],
      ['baseColorTexture/scale', t?.scale],
      ['baseColorTexture/rotation', t?.rotation],
    ];
    return list.filter((e): e is [string, AnimationSampler] => e[1] !== undefined);
  };
  const keepers = keptMaterials(
    animation,
    model,
    new Set(kept.entries.map((e) => e.materialName)),
    TRANSFORM_PROPERTIES,
    channelsOf,
  );
  const done = new Set([...keepers].map((name) => model.file.MAT3.names.indexOf(name)));
  const samplers = sorted.transforms.flatMap((t) => [t.offset, t.scale, t.rotation].filter((s) => s !== undefined));
  const clock = clipClock(animation, samplers, options, 'btk', MAX_KEYED_FRAMES, diagnostics);
  const entries = kept.entries.filter((e) => keepers.has(e.materialName));
  const made = transformsToBtk(
    clip,
    sorted.transforms,
    model,
    clock,
    done,
    entries.length > 0 ? kept.maya : undefined,
    diagnostics,
  );
  if (entries.length > 0)
    diagnostics.push({
      code: 'j3d/anim-kept-entries',
      message: `animation "${clip}": ${entries.length} texture matrix animation(s) are written as the source BTK had them (unedited, or not playable in glTF)`,
      severity: 'info',
    });
  const all = [...(made?.entries ?? []), ...entries];
  if (all.length === 0) return undefined;
  return {
    kind: 'btk1',
    subVersion: `SVR1${'\xff'.repeat(12)}`,
    loopMode: clock.loopMode,
    angleScaleExponent: 0,
    duration: clock.duration,
    maya: made?.maya ?? kept.maya,
    entries: all,
    diagnostics: [],
  };
}

/** The BRK and BPK of a clip: its colour factor channels, and the entries the reader kept where they still hold. */
function clipColours(
  scene: Scene,
  clip: string,
  animation: Animation,
  sorted: SortedClip,
  model: WrittenModel,
  options: AnimationToBckOptions,
  diagnostics: Diagnostic[],
): { brk?: BrkFile; bpk?: BpkFile } {
  const kept = keptColourEntries(scene, animation.name ?? '', model);
  const channelsOf = (m: number | undefined) => {
    const f = sorted.factors.find((c) => c.material === m);
    const list: [string, AnimationSampler | undefined][] = [
      ['baseColorFactor', f?.baseColorFactor],
      ['emissiveFactor', f?.emissiveFactor],
    ];
    return list.filter((e): e is [string, AnimationSampler] => e[1] !== undefined);
  };
  const names = new Set([...kept.brk, ...kept.bpk].map((e) => e.materialName));
  const keepers = keptMaterials(animation, model, names, FACTOR_PROPERTIES, channelsOf);
  const done = new Set([...keepers].map((name) => model.file.MAT3.names.indexOf(name)));
  const samplers = sorted.factors.flatMap((f) => [f.baseColorFactor, f.emissiveFactor].filter((s) => s !== undefined));
  const clocks = {
    brk: clipClock(animation, samplers, options, 'brk', MAX_KEYED_FRAMES, diagnostics),
    bpk: clipClock(animation, samplers, options, 'bpk', MAX_KEYED_FRAMES, []),
  };
  const gx = animation.extras?.gx as { colourRegisters?: unknown } | undefined;
  const registers =
    gx?.colourRegisters && typeof gx.colourRegisters === 'object'
      ? (gx.colourRegisters as Record<string, string[]>)
      : {};
  const made = factorsToColours(clip, registers, sorted.factors, model, clocks, done, diagnostics);
  const brk = [...(made.brk ?? []), ...kept.brk.filter((e) => keepers.has(e.materialName))];
  const bpk = [...(made.bpk ?? []), ...kept.bpk.filter((e) => keepers.has(e.materialName))];
  if (keepers.size > 0)
    diagnostics.push({
      code: 'j3d/anim-kept-entries',
      message: `animation "${clip}": the colour animations of ${keepers.size} material(s) are written as the source file had them (unedited, or not playable in glTF)`,
      severity: 'info',
    });
  const header = (clock: ClipClock) => ({
    subVersion: `SVR1${'\xff'.repeat(12)}`,
    loopMode: clock.loopMode,
    angleScaleExponent: -1,
    duration: clock.duration,
    diagnostics: [],
  });
  return {
    ...(brk.length > 0 ? { brk: { kind: 'brk1', ...header(clocks.brk), entries: brk } } : {}),
    ...(bpk.length > 0 ? { bpk: { kind: 'bpk1', ...header(clocks.bpk), entries: bpk } } : {}),
  };
}

/**
 * The J3D animation files of every clip of `model.scene`, named `<clip>.<kind>`. Material, pattern and visibility
 * files need the written model (`model.written`); without it only joint files are made.
 */
export function animationFilesFromScene(
  model: AnimationModel,
  baseName: string,
  options: AnimationFilesOptions = {},
): { files: OutputFile[]; diagnostics: Diagnostic[] } {
  const { scene } = model;
  const diagnostics: Diagnostic[] = [];
  const files: OutputFile[] = [];
  const wants = (kind: J3dAnimationKind) => !options.kinds || options.kinds.includes(kind);
  // The scene's clips, then those only its extras hold (material files glTF plays nothing of).
  const clips = [...scene.animations, ...(model.written ? unplayedClips(scene) : [])];
  const names = clipFileNames(clips, baseName, options.reservedNames);
  // A clip named like a file of the kind (`wait.bca`, a joint file that shared its base name) is that file.
  const used = new Set<string>();
  const add = (name: string, kind: J3dAnimationKind, bytes: Uint8Array) => {
    const own = name.toLowerCase().endsWith(`.${kind}`) && !used.has(name.toLowerCase());
    let file = own ? name : `${name}.${kind}`;
    for (let n = 1; used.has(file.toLowerCase()); n++) file = `${name}.${n}.${kind}`;
    used.add(file.toLowerCase());
    files.push({ name: file, bytes, mimeType: 'application/x-nintendo-j3d' });
  };
  clips.forEach((animation, i) => {
    const clip = animation.name ?? names[i]!;
    const name = names[i]!;
    const sorted = sortChannels(scene, animation, model);
    const skipped: string[] = [];
    const still = animation.channels.length === 0 && i < scene.animations.length;
    const hasJoints = sorted.joints.channels.length > 0 || still;
    const gx = animation.extras?.gx as { source?: unknown } | undefined;
    const bca = (options.jointFormat ?? (gx?.source === 'bca' ? 'bca' : 'bck')) === 'bca';
    if (hasJoints && wants(bca ? 'bca' : 'bck')) {
      const found: Diagnostic[] = [];
      if (bca) {
        const { bca: file, diagnostics: d } = animationToBca(sorted.joints, scene.nodes, model.jointNodes, options);
        try {
          add(name, 'bca', writeBca(file));
          diagnostics.push(...d);
        } catch (e) {
          found.push({
            code: 'j3d/bca-too-large',
            message: `animation "${clip}": a BCA cannot hold it (${e instanceof Error ? e.message : String(e)}); it is written as a BCK`,
            severity: 'warning',
          });
        }
      }
      if (!bca || found.length > 0) {
        const { bck, diagnostics: d } = animationToBck(sorted.joints, scene.nodes, model.jointNodes, options);
        add(name, 'bck', writeBck(bck));
        diagnostics.push(...found, ...d);
      }
    } else if (hasJoints) skipped.push(`${sorted.joints.channels.length} joint channel(s)`);
    const written = model.written;
    const material = sorted.transforms.length + sorted.factors.length + sorted.patterns.length + sorted.visibility.size;
    if (!written) {
      if (material > 0) skipped.push(`${material} material or visibility channel(s)`);
    } else {
      const samplersOf = (list: (AnimationSampler | undefined)[]) => list.filter((s) => s !== undefined);
      if (wants('btk')) {
        const btk = clipBtk(scene, clip, animation, sorted, written, options, diagnostics);
        if (btk) add(name, 'btk', writeBtk(btk));
      } else if (sorted.transforms.length > 0) skipped.push('texture transform channels');
      if (wants('brk') || wants('bpk')) {
        const colours = clipColours(scene, clip, animation, sorted, written, options, diagnostics);
        if (colours.brk && wants('brk')) add(name, 'brk', writeBrk(colours.brk));
        if (colours.bpk && wants('bpk')) add(name, 'bpk', writeBpk(colours.bpk));
      } else if (sorted.factors.length > 0) skipped.push('colour factor channels');
      if (sorted.patterns.length > 0 && wants('btp')) {
        const clock = clipClock(
          animation,
          samplersOf(sorted.patterns.map((p) => p.offset)),
          options,
          'btp',
          MAX_RUN_FRAMES,
          diagnostics,
        );
        const btp = patternsToBtp(clip, sorted.patterns, written, clock, diagnostics);
        if (btp) add(name, 'btp', writeBtp(btp));
      } else if (sorted.patterns.length > 0) skipped.push('texture pattern channels');
      if (sorted.visibility.size > 0 && wants('bva')) {
        const clock = clipClock(
          animation,
          [...sorted.visibility.values()],
          options,
          'bva',
          MAX_RUN_FRAMES,
          diagnostics,
        );
        add(name, 'bva', writeBva(visibilityToBva(scene, sorted.visibility, written, clock)));
      } else if (sorted.visibility.size > 0) skipped.push('visibility channels');
    }
    for (const what of sorted.unheld)
      diagnostics.push({
        code: 'j3d/anim-channel-not-written',
        message: `animation "${clip}": channel ${what} is not written to any J3D animation`,
        severity: 'warning',
      });
    if (skipped.length > 0)
      diagnostics.push({
        code: 'j3d/anim-kind-not-written',
        message: `animation "${clip}": ${skipped.join(', ')} are not written by this output (--to bmd/bdl writes every kind)`,
        severity: 'info',
      });
  });
  return { files, diagnostics };
}
