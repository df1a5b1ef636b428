/*
 * The J3D format adapters: what transcode needs to know without loading a parser. Models: magic "J3D2bmd3" /
 * "J3D2bdl4", extensions .bmd and .bdl (a .bmd that is a Nintendo DS model, "BMD0", is refused by the reader
 * with a clear error). Animations: "J3D1" + kind: .bck and .bca joints, .btk texture matrices, .brk TEV colours,
 * .bpk material colours, .btp texture patterns, .bva shape visibility (described by `info`, written from a
 * scene's clips; played attached to a model). Textures: .bti, found by extension only (BTI has no magic number).
 */
import { type FormatAdapter, startsWithAscii } from '@retromodel/scene';
import type { BtiWriteOptions } from '../bti/bti-from-scene.js';
import type { J3dAnimationKind } from '../from-scene/animations-from-scene.js';
import type { AnimationToBckOptions } from '../scene/animation-to-bck.js';
import type { J3dWriteOptions } from './write-j3d-files.js';

export type { AnimationToBckOptions, BtiWriteOptions, J3dWriteOptions };

/** Reader options of BMD/BDL models (`read: { j3d: { ... } }`). */
export interface J3dReadOptions {
  /** Sidecar names of animations to attach: BCK and BCA joints; BTK, BRK, BPK and BTP materials; BVA shapes. */
  animations?: string[];
  /** Frames per second of the animations (J3D games run at 30 or 60). Default 30. */
  fps?: number;
  /**
   * Keep the game's textures (TEX1) in the scene's extras, so that a model written back from the glTF gets each
   * texture byte for byte. Default true; a GLB for the web does without them (often half its size).
   */
  gameTextures?: boolean;
}

/** BMD/BDL models: read, and written from any scene (with the animation files of its clips beside them). */
export const j3dAdapter = {
  id: 'j3d',
  name: 'Nintendo GameCube/Wii J3D model (BMD/BDL)',
  extensions: ['.bmd', '.bdl'],
  mimeTypes: ['application/x-nintendo-j3d'],
  magic: (bytes: Uint8Array) => startsWithAscii(bytes, 'J3D2bmd3') || startsWithAscii(bytes, 'J3D2bdl4'),
  can: { read: true, write: true, info: true },
  writerDecodesPng: true,
  readOptions: {
    animations: 'names of .bck/.bca/.btk/.brk/.bpk/.btp/.bva animation files beside the model to attach',
    fps: 'frames per second of the animations (default 30)',
    gameTextures: "keep the game's textures in the scene's extras for writing back (default true)",
  },
  writeOptions: {
    kind: "'bmd' (default) or 'bdl'; set from the output format",
    textureFormat: 'GX texture format of every texture (cmpr, rgb5a3, …; default: chosen per image)',
    matrixCalc: "joint matrix calculation: Basic (default, or the source model's), SoftImage or Maya",
    animationFormat: "joint animations as 'bck' (keyed) or 'bca' (full-frame; default for clips read from a BCA)",
  },
  load: () => import('./j3d-codec.js').then((m) => m.j3dCodec),
} satisfies FormatAdapter<J3dReadOptions, J3dWriteOptions>;

/** BTI textures (extension only: BTI has no magic number); written from a scene's images. */
export const btiAdapter = {
  id: 'bti',
  name: 'Nintendo GameCube/Wii BTI texture',
  extensions: ['.bti'],
  mimeTypes: ['image/x-nintendo-bti'],
  can: { read: true, write: true, info: true },
  writerDecodesPng: true,
  readOptions: {},
  writeOptions: {
    format:
      'GX texture format: i4, i8, ia4, ia8, rgb565, rgb5a3, rgba8, c4, c8, c14x2 or cmpr (default: chosen per image)',
  },
  load: () => import('../bti/bti-codec.js').then((m) => m.btiCodec),
} satisfies FormatAdapter<Record<string, never>, BtiWriteOptions>;

/** Writer options of the J3D animation kinds (`write: { bck: { ... } }`, and so for bca, btk, …). */
const animationWriteOptions = {
  fps: "frames per second of the written animation (default: the source's, else 30)",
  loopMode:
    "loop mode 0 once, 1 once and reset, 2 repeat, 3 mirrored once, 4 mirrored repeat (default: the source's, else 2)",
};

/**
 * A J3D animation kind: described by `info`, written from a scene's clips (the files `--to bmd|bdl` writes beside
 * the model, of this kind only); read only with its model.
 */
function animationAdapter(kind: J3dAnimationKind, name: string) {
  return {
    id: kind,
    name,
    extensions: [`.${kind}`],
    mimeTypes: ['application/x-nintendo-j3d'],
    magic: (bytes: Uint8Array) => startsWithAscii(bytes, `J3D1${kind}1`),
    can: { read: false, write: true, info: true },
    // A material animation is written with the model it animates (its textures among it).
    writerDecodesPng: true,
    readOptions: {},
    writeOptions: animationWriteOptions,
    load: () => import('./animation-codecs.js').then((m) => m.animationCodecs[kind]),
  } satisfies FormatAdapter<Record<string, never>, AnimationToBckOptions>;
}

/** BCK joint animations. */
export const bckAdapter = animationAdapter('bck', 'Nintendo J3D joint animation (BCK)');
/** BCA full-frame joint animations. */
export const bcaAdapter = animationAdapter('bca', 'Nintendo J3D full-frame joint animation (BCA)');
/** BTK texture-matrix animations. */
export const btkAdapter = animationAdapter('btk', 'Nintendo J3D texture animation (BTK)');
/** BRK TEV and konst colour animations. */
export const brkAdapter = animationAdapter('brk', 'Nintendo J3D colour animation (BRK)');
/** BPK material colour animations. */
export const bpkAdapter = animationAdapter('bpk', 'Nintendo J3D material colour animation (BPK)');
/** BTP texture pattern animations. */
export const btpAdapter = animationAdapter('btp', 'Nintendo J3D texture pattern animation (BTP)');
/** BVA shape visibility animations. */
export const bvaAdapter = animationAdapter('bva', 'Nintendo J3D visibility animation (BVA)');
