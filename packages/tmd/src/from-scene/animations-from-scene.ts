/*
 * Scene animations to TMD animation records and the TKL tables they index (the mirror of build-animations.ts).
 * A TMD key holds a node's absolute local transform (relative to its TMD parent; no scale): the translation and
 * rotation at that time are the TKL entries its posKey and rotKey select (spec tmd.md §2.5, §3). For each TMD
 * node the keys are taken at every key time of every channel that moves it, that is of a channel on the node
 * itself or on a scene node between it and its TMD parent (above the roots, the whole way up, turned Z-up): so
 * the record holds the source's value at each of its keys, and the game's linear interpolation between them
 * follows LINEAR sources (STEP and CUBICSPLINE ones are reported as approximated). Channel flags as jpog-blender
 * reads them (tested in the game): 0 = rotation keys with the rest translation, 1 = rotation and translation
 * keys (used when a key's translation leaves the rest translation), 2 with no keys for a node the animation does
 * not move (spec §2.11). A rotation key is put in the hemisphere of the one before it, so that interpolating
 * between them takes the short way. TKL entries equal to one already in the table (the library given, or an
 * earlier key) are shared. Flag A ("composite") and flag B ("sound") come from the source's `extras.toshi` when
 * it was a TMD, else 0; the u32 at +24 is the node count, as jpog-blender writes it (its meaning is unknown).
 */
import {
  type Animation,
  type Diagnostic,
  type Mat4,
  mat4Compose,
  mat4Decompose,
  mat4Multiply,
  type NodeChannel,
  parentIndices,
  type Quat,
  type Scene,
  sampleSampler,
  type Vec3,
} from '@retromodel/scene';
import type { TklFile } from '../read-tkl.js';
import type { TmdAnimation, TmdChannel } from '../tmd-file.js';
import type { SkeletonPlan } from './skeleton-from-scene.js';
import { NameTable } from './tmd-names.js';
import { Y_UP_TO_Z_UP } from './z-up.js';

/** The TKL tables being filled: the library's own entries first, then the new ones. */
export class KeyTables {
  readonly positions: number[];
  readonly rotations: number[];
  private readonly positionIndex = new Map<string, number>();
  private readonly rotationIndex = new Map<string, number>();

  constructor(base?: TklFile) {
    this.positions = Array.from(base?.positions ?? []);
    this.rotations = Array.from(base?.rotations ?? []);
    for (let i = 0; i < this.positions.length / 3; i++)
      this.positionIndex.set(this.positions.slice(i * 3, i * 3 + 3).join(','), i);
    for (let i = 0; i < this.rotations.length / 4; i++)
      this.rotationIndex.set(this.rotations.slice(i * 4, i * 4 + 4).join(','), i);
  }

  private add(table: number[], index: Map<string, number>, value: number[], width: number): number {
    const stored = value.map(Math.fround);
    const key = stored.join(',');
    let at = index.get(key);
    if (at === undefined) {
      at = table.length / width;
      if (at > 0xffff) throw new Error('a TKL table holds at most 65536 entries (keys are u16)');
      index.set(key, at);
      table.push(...stored);
    }
    return at;
  }

  position(v: Vec3): number {
    return this.add(this.positions, this.positionIndex, v, 3);
  }

  rotation(q: Quat): number {
    return this.add(this.rotations, this.rotationIndex, q, 4);
  }
}

interface Tally {
  approximated: number;
  scaled: number;
  dropped: number;
}

function localAt(scene: Scene, node: number, channels: Map<number, NodeChannel[]>, anim: Animation, t: number): Mat4 {
  const n = scene.nodes[node]!;
  let translation = n.translation ?? ([0, 0, 0] as Vec3);
  let rotation = n.rotation ?? ([0, 0, 0, 1] as Quat);
  let scale = n.scale ?? ([1, 1, 1] as Vec3);
  for (const c of channels.get(node) ?? []) {
    const s = anim.samplers[c.sampler];
    if (!s || s.input.length === 0) continue;
    if (c.path === 'translation') translation = sampleSampler(s, t, 3, false) as Vec3;
    else if (c.path === 'rotation') rotation = sampleSampler(s, t, 4, true) as Quat;
    else if (c.path === 'scale') scale = sampleSampler(s, t, 3, false) as Vec3;
  }
  return mat4Compose(translation, rotation, scale);
}

/** Converts the scene's animations; keys are added to `tables`. */
export function animationsFromScene(
  scene: Scene,
  skeleton: SkeletonPlan,
  tables: KeyTables,
  diagnostics: Diagnostic[],
): TmdAnimation[] {
  const parents = parentIndices(scene);
  const count = skeleton.nodes.length;
  // Each TMD node's chain: the scene nodes from it up to (not including) its TMD parent's, top first.
  const chains = skeleton.sceneNodes.map((n, i) => {
    const stop = skeleton.nodes[i]!.parent >= 0 ? skeleton.sceneNodes[skeleton.nodes[i]!.parent]! : -1;
    const chain: number[] = [];
    for (let x = n; x !== -1 && x !== stop && chain.length <= scene.nodes.length; x = parents[x]!) chain.unshift(x);
    return chain;
  });
  const names = new NameTable('animation', 15);
  const tally: Tally = { approximated: 0, scaled: 0, dropped: 0 };
  const out: TmdAnimation[] = [];
  scene.animations.forEach((anim, a) => {
    const channels = new Map<number, NodeChannel[]>();
    for (const c of anim.channels) {
      if (c.path === 'pointer' || c.path === 'weights') {
        tally.dropped++;
        continue;
      }
      const list = channels.get(c.node);
      if (list) list.push(c);
      else channels.set(c.node, [c]);
      const s = anim.samplers[c.sampler];
      if (s && s.interpolation !== 'LINEAR' && s.input.length > 1) tally.approximated++;
      if (c.path === 'scale') tally.scaled++;
    }
    let duration = 0;
    const tmdChannels: TmdChannel[] = chains.map((chain, i) => {
      const times = new Set<number>();
      for (const x of chain)
        for (const c of channels.get(x) ?? [])
          for (const t of anim.samplers[c.sampler]?.input ?? []) if (Number.isFinite(t)) times.add(Math.fround(t));
      const sorted = [...times].sort((p, q) => p - q);
      if (sorted.length === 0)
        return {
          offset: 0,
          flags: 2,
          times: new Float32Array(0),
          positionKeys: new Uint16Array(0),
          rotationKeys: new Uint16Array(0),
        };
      duration = Math.max(duration, sorted[sorted.length - 1]!);
      const rest = skeleton.nodes[i]!.translation;
      const keys = sorted.map((t) => {
        let m: Mat4 =
          skeleton.nodes[i]!.parent >= 0
            ? Float64Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
            : Y_UP_TO_Z_UP;
        for (const x of chain) m = mat4Multiply(m, localAt(scene, x, channels, anim, t));
        return mat4Decompose(m);
      });
      const moves = keys.some((k) =>
        k.translation.some((v, c) => Math.abs(v - rest[c]!) > 1e-4 * Math.max(1, Math.abs(rest[c]!))),
      );
      let previous: Quat | undefined;
      const rotationKeys = keys.map((k) => {
        let q = k.rotation;
        if (previous && q[0] * previous[0] + q[1] * previous[1] + q[2] * previous[2] + q[3] * previous[3] < 0)
          q = [-q[0], -q[1], -q[2], -q[3]];
        previous = q;
        return tables.rotation(q);
      });
      return {
        offset: 0,
        flags: moves ? 1 : 0,
        times: Float32Array.from(sorted),
        positionKeys: Uint16Array.from(keys, (k) => (moves ? tables.position(k.translation) : 0)),
        rotationKeys: Uint16Array.from(rotationKeys),
      };
    });
    if (tmdChannels.every((c) => c.times.length === 0)) {
      diagnostics.push({
        code: 'tmd/empty-animation',
        message: `animation ${JSON.stringify(anim.name ?? a)} moves none of the model's nodes and was left out`,
        severity: 'warning',
      });
      return;
    }
    const toshi = (anim.extras?.toshi ?? {}) as { flagA?: unknown; flagB?: unknown };
    const name = names.take(anim.name, `anim${a}`);
    out.push({
      offset: 0,
      nameLength: name.length,
      name,
      flagA: toshi.flagA === 1 ? 1 : 0,
      flagB: toshi.flagB === 1 ? 1 : 0,
      unk3: count,
      duration: Math.fround(duration),
      channelPointers: [],
      channels: tmdChannels,
    });
  });
  names.report(diagnostics);
  if (tally.approximated > 0)
    diagnostics.push({
      code: 'tmd/interpolation',
      message: `${tally.approximated} STEP or CUBICSPLINE channel(s) were sampled at their keys; the game interpolates linearly between them`,
      severity: 'warning',
    });
  if (tally.scaled > 0)
    diagnostics.push({
      code: 'tmd/scale-keys',
      message: `${tally.scaled} scale channel(s) cannot be stored (TMD keys have no scale); their scale was left out of the keys`,
      severity: 'warning',
    });
  if (tally.dropped > 0)
    diagnostics.push({
      code: 'tmd/dropped-channels',
      message: `${tally.dropped} material or morph-weight channel(s) have no place in a TMD and were left out`,
      severity: 'warning',
    });
  return out;
}
