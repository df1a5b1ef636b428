/*
 * Texture-pattern offsets to a BTP (the mirror of btp-to-atlas.ts; spec j3d.md §12). A material whose base
 * colour texture was a pattern atlas (cut back into its textures by pattern-textures.ts) shows at frame f the
 * cell its KHR_texture_transform offset points at: the offset minus the material's static offset (cell 0's) is
 * matched to the nearest cell. The BTP selects, per frame 0..duration, the TEX1 texture written for that cell, in
 * the texture-map slot of the atlas, for every MAT3 material written from the scene material. An offset more than
 * a quarter of a cell away from every cell is still written as the nearest, with a warning naming clip and channel.
 */
import { type AnimationSampler, type Diagnostic, materialPointer } from '@retromodel/scene';
import type { BtpEntry, BtpFile } from '../anim/read-btp.js';
import type { WrittenModel } from '../from-scene/animation-model.js';
import type { PatternTextures } from '../from-scene/pattern-textures.js';
import type { ClipClock } from './animation-to-bck.js';
import { valueAtFrame } from './frame-tracks.js';

/** The offset channel of a pattern material in a clip, with the material's static offset. */
export interface PatternChannel {
  pattern: PatternTextures;
  offset: AnimationSampler;
  rest: [number, number];
}

/** The BTP of a clip's pattern channels, or undefined when no entry can be written. */
export function patternsToBtp(
  clip: string,
  channels: PatternChannel[],
  model: WrittenModel,
  clock: ClipClock,
  diagnostics: Diagnostic[],
): BtpFile | undefined {
  const entries: BtpEntry[] = [];
  for (const { pattern, offset, rest } of channels) {
    const pointer = materialPointer({ material: pattern.material, slot: 'baseColorTexture', property: 'offset' });
    const spacing = Math.min(
      ...pattern.offsets.flatMap(([u, v], i) =>
        pattern.offsets.slice(i + 1).map(([u2, v2]) => Math.max(Math.abs(u2 - u), Math.abs(v2 - v))),
      ),
      1,
    );
    let far = -1;
    const cells = Array.from({ length: clock.duration + 1 }, (_, f) => {
      const [u, v] = valueAtFrame(offset, f, clock.fps, 2);
      const du = u! - rest[0];
      const dv = v! - rest[1];
      let best = 0;
      let distance = Number.POSITIVE_INFINITY;
      pattern.offsets.forEach(([cu, cv], i) => {
        const d = Math.max(Math.abs(du - cu), Math.abs(dv - cv));
        if (d < distance) [best, distance] = [i, d];
      });
      if (far < 0 && distance > spacing / 4) far = f;
      return best;
    });
    if (far >= 0)
      diagnostics.push({
        code: 'j3d/btp-between-cells',
        message: `animation "${clip}": ${pointer} points between the pattern's textures at frame ${far}; the nearest is written`,
        severity: 'warning',
      });
    const tex1 = pattern.textures.map((t) => model.textureOf(t));
    if (cells.some((c) => tex1[c] === undefined)) {
      diagnostics.push({
        code: 'j3d/btp-not-written',
        message: `animation "${clip}": ${pointer} selects a texture that was not written; its pattern is left out`,
        severity: 'warning',
      });
      continue;
    }
    const run = cells.map((c) => tex1[c]!);
    const textureIndices = run.every((t) => t === run[0]) ? [run[0]!] : run;
    model.materialSources.forEach((source, j) => {
      if (source !== pattern.material) return;
      entries.push({
        materialName: model.file.MAT3.names[j]!,
        remapIndex: j,
        texMapIndex: pattern.texMap,
        textureIndices,
      });
    });
  }
  if (entries.length === 0) return undefined;
  return {
    kind: 'btp1',
    subVersion: '\xff'.repeat(16),
    loopMode: clock.loopMode,
    angleScaleExponent: -1,
    duration: clock.duration,
    entries,
    diagnostics: [],
  };
}
