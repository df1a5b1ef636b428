/*
 * The material animation files j3dToScene kept in `scene.extras.gx` (`textureAnimations`: BTK entries;
 * `colourAnimations`: BRK and BPK entries; per clip name), for a writer: the entries of a material whose
 * channels glTF never had (they could not play) are written back as they were, and so are those of a material
 * whose channels are the ones read, unedited (their digests, channel-digest.ts, equal the ones the reader noted
 * in the clip's `extras.gx.channelDigests`); a material with edited or removed channels is converted from them.
 * Extras come from a glTF, so every entry is checked: its material must be one the written model has (by name),
 * and every track sound (1 to 65535 keys of finite numbers, times not going back).
 * A clip glTF plays nothing of has no animation: the reader marked its files `unplayed`, and they are written back
 * as clips of their own (unplayedClips).
 */
import type { Animation, AnimationSampler, Scene } from '@retromodel/scene';
import type { J3dTrack } from '../anim/animation-track.js';
import type { BpkEntry } from '../anim/read-bpk.js';
import type { BrkEntry } from '../anim/read-brk.js';
import type { BtkEntry } from '../anim/read-btk.js';
import { digestKey, samplerDigest } from '../scene/channel-digest.js';
import type { WrittenModel } from './animation-model.js';

type Json = Record<string, unknown>;

/** A track as JSON from a glTF's extras, when it is one a writer can write. */
function keptTrack(value: unknown): J3dTrack | undefined {
  const t = value as { tangentMode?: unknown; keys?: unknown } | undefined;
  if (!t || !Array.isArray(t.keys) || t.keys.length === 0 || t.keys.length > 0xffff) return undefined;
  const keys = (t.keys as (Json | undefined)[]).map((k) => ({
    time: Number(k?.time),
    value: Number(k?.value),
    tangentIn: Number(k?.tangentIn),
    tangentOut: Number(k?.tangentOut),
  }));
  const sound = keys.every(
    (k, i) =>
      [k.time, k.value, k.tangentIn, k.tangentOut].every(Number.isFinite) && (i === 0 || k.time >= keys[i - 1]!.time),
  );
  return sound ? { tangentMode: t.tangentMode === 1 ? 1 : 0, keys } : undefined;
}

/** The kept clip named `name` of the list `key` in the scene's extras. */
function keptClip(scene: Scene, key: string, name: string, kind?: string): Json | undefined {
  const list = (scene.extras?.gx as Json | undefined)?.[key];
  if (!Array.isArray(list)) return undefined;
  return (list as (Json | undefined)[]).find((a) => a?.name === name && (kind === undefined || a?.kind === kind));
}

/** The entry's material as a MAT3 index of the written model, or −1. */
const materialOf = (e: Json | undefined, model: WrittenModel) =>
  typeof e?.materialName === 'string' ? model.file.MAT3.names.indexOf(e.materialName) : -1;

const whole = (v: unknown, max: number): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max;

/** The BTK entries kept for clip `name`, and the clip's Maya flag. */
export function keptBtkEntries(
  scene: Scene,
  name: string,
  model: WrittenModel,
): { entries: BtkEntry[]; maya: boolean } {
  const clip = keptClip(scene, 'textureAnimations', name);
  const entries: BtkEntry[] = [];
  for (const e of Array.isArray(clip?.entries) ? (clip.entries as (Json | undefined)[]) : []) {
    const j = materialOf(e, model);
    const axes = ['scale', 'rotation', 'translation'].map((p) => {
      const list = e?.[p];
      return Array.isArray(list) && list.length === 3 ? list.map(keptTrack) : [];
    });
    const center = Array.isArray(e?.center) ? (e.center as unknown[]).map(Number) : [];
    if (j < 0 || !whole(e?.texMatrixIndex, 9) || center.length !== 3 || !center.every(Number.isFinite)) continue;
    if (!axes.every((a) => a.length === 3 && a.every((t) => t !== undefined))) continue;
    entries.push({
      materialName: model.file.MAT3.names[j]!,
      remapIndex: j,
      texMatrixIndex: e!.texMatrixIndex as number,
      center: center as BtkEntry['center'],
      scale: axes[0] as BtkEntry['scale'],
      rotation: axes[1] as BtkEntry['rotation'],
      translation: axes[2] as BtkEntry['translation'],
    });
  }
  return { entries, maya: clip?.maya === true };
}

/**
 * The clips only the scene's extras hold (kept files marked `unplayed`: glTF plays nothing of them, so no
 * animation has their name), as animations without channels whose `extras.gx.files` give each file's clock:
 * a writer writes their kept entries back as they were. A clip of a name some animation has is left to it.
 */
export function unplayedClips(scene: Scene): Animation[] {
  const gx = (scene.extras?.gx ?? {}) as Json;
  const taken = new Set(scene.animations.map((a) => a.name));
  const clips = new Map<string, Record<string, { loopMode: unknown; duration: unknown }>>();
  for (const [key, kindOf] of [
    ['textureAnimations', () => 'btk'],
    ['colourAnimations', (c: Json) => c.kind],
  ] as const) {
    const list = gx[key];
    for (const c of Array.isArray(list) ? (list as (Json | undefined)[]) : []) {
      const kind = c && kindOf(c);
      if (c?.unplayed !== true || typeof c.name !== 'string' || taken.has(c.name) || typeof kind !== 'string') continue;
      const files = clips.get(c.name) ?? {};
      files[kind] = { loopMode: c.loopMode, duration: c.duration };
      clips.set(c.name, files);
    }
  }
  return [...clips].map(([name, files]) => ({ name, channels: [], samplers: [], extras: { gx: { files } } }));
}

/** The four colour tracks of a kept entry, when sound. */
function keptColours(e: Json | undefined): Pick<BrkEntry, 'r' | 'g' | 'b' | 'a'> | undefined {
  const [r, g, b, a] = ['r', 'g', 'b', 'a'].map((c) => keptTrack(e?.[c]));
  return r && g && b && a ? { r, g, b, a } : undefined;
}

/** The BRK (register and konst) and BPK entries kept for clip `name`. */
export function keptColourEntries(
  scene: Scene,
  name: string,
  model: WrittenModel,
): { brk: BrkEntry[]; bpk: BpkEntry[] } {
  const brk: BrkEntry[] = [];
  const bpk: BpkEntry[] = [];
  for (const kind of ['brk', 'bpk'] as const) {
    const clip = keptClip(scene, 'colourAnimations', name, kind);
    for (const e of Array.isArray(clip?.entries) ? (clip.entries as (Json | undefined)[]) : []) {
      const j = materialOf(e, model);
      const tracks = keptColours(e);
      if (j < 0 || !tracks) continue;
      const materialName = model.file.MAT3.names[j]!;
      if (kind === 'bpk') bpk.push({ materialName, remapIndex: j, ...tracks });
      else if ((e?.kind === 'register' || e?.kind === 'konst') && whole(e?.colorIndex, 3))
        brk.push({ materialName, remapIndex: j, kind: e.kind, colorIndex: e.colorIndex, ...tracks });
    }
  }
  return { brk, bpk };
}

/**
 * What became of the channels the reader made for material `materialName` of one kind (`properties`, e.g.
 * baseColorFactor and emissiveFactor): `unedited` when the clip has exactly those channels with the noted
 * digests; `never` when the reader made none (what the material's kept entries animate never reached glTF);
 * else `edited`.
 */
export function channelState(
  animation: Animation,
  materialName: string,
  properties: readonly string[],
  channels: readonly [string, AnimationSampler][],
): 'unedited' | 'never' | 'edited' {
  const digests = ((animation.extras?.gx as Json | undefined)?.channelDigests ?? {}) as Json;
  const noted = properties.filter((p) => typeof digests[digestKey(materialName, p)] === 'string');
  if (noted.length === 0) return channels.length === 0 ? 'never' : 'edited';
  const same =
    noted.length === channels.length &&
    channels.every(([property, sampler]) => digests[digestKey(materialName, property)] === samplerDigest(sampler));
  return same ? 'unedited' : 'edited';
}
