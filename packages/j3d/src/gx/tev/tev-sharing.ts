/*
 * What materials share of their TEV reductions (reduce-tev.ts), within a model and, through keptEvaluations,
 * from one j3dToScene conversion to the next.
 * - The evaluation: a function of the TEV state alone (sameTevState), so materials of the same state share it.
 * - The reduction: besides the evaluation it reads only the texgen source of each texture the TEV samples (is it
 *   a lighting ramp?), whether it may bake, and the texture means it asks for; the material's name goes only into
 *   its messages. A reduction made before is reused when those are the same: the texture means are asked for
 *   again, in the order the reduction first asked for them, and while each answer is the same as before the
 *   reduction would take the same path, so asking the same next question; when all are, it is the same
 *   reduction. Courses draw many textures through one TEV set-up, and their materials differ only so.
 */
import { mapPacked } from '@retromodel/scene';
import type { GxMaterial } from '../material-types.js';
import { evaluateTev, sameTevState, type TevEvaluation } from './evaluate-tev.js';
import type { TevReduction } from './reduce-tev.js';

/** A reduction as made for any material of its inputs: its messages are made per material (they name it). */
export interface ReductionParts extends Omit<TevReduction, 'diagnostics'> {
  notes: readonly string[];
  lightingNotes: readonly string[];
  specular: boolean;
  /** The texture map baked, when the colour is baked per texel. */
  bakedTexMap?: number;
}

/** The texture means a reduction asked for, in order, with the answers. */
type MeanAnswers = { texMap: number; mean: readonly number[] | undefined }[];

/** A reduction kept with its evaluation, and what it read besides it. */
export interface KeptReduction {
  /** The texgen source of each of the evaluation's textures (undefined: none). */
  sources: (number | undefined)[];
  bake: boolean;
  /** The reduction could ask for texture means. */
  means: MeanAnswers | undefined;
  parts: ReductionParts;
}

/** A material's TEV evaluation, to share with materials of the same TEV state, and reductions made from it. */
export interface SharedEvaluation {
  gx: GxMaterial;
  ev: TevEvaluation;
  reductions: KeptReduction[];
}

/**
 * Distinct TEV states kept for sharing: a material is compared with at most this many, so a file of many
 * distinct materials costs work linear in their count (a MAT3 can list 65,535), not quadratic.
 */
export const SHARED_EVALUATIONS_MAX = 32;
/** Reductions kept per evaluation (each one compared with a material of its state), for the same reason. */
const KEPT_REDUCTIONS_MAX = 16;

/**
 * The shared evaluation of `gx`: one made before for the same TEV state, else a new one, kept in place of the
 * oldest when the list is full.
 */
export function sharedEvaluationOf(gx: GxMaterial, evaluations: SharedEvaluation[]): SharedEvaluation {
  for (const e of evaluations) if (sameTevState(gx, e.gx)) return e;
  const made: SharedEvaluation = { gx, ev: evaluateTev(gx), reductions: [] };
  if (evaluations.push(made) > SHARED_EVALUATIONS_MAX) evaluations.shift();
  return made;
}

/**
 * The evaluations j3dToScene's conversions share, one after another: what sharing is right for the materials of
 * one model is right for those of the next (an evaluation is a function of the TEV state alone, a reduction of
 * the inputs it was checked for), and the models of a game share their TEV set-ups, so a batch or a model
 * converted again evaluates and reduces only the states it has not met lately.
 */
export const keptEvaluations: SharedEvaluation[] = [];

const sourceOf = (gx: GxMaterial, texCoord: number) => (texCoord === 0xff ? undefined : gx.texGens[texCoord]?.source);

const sameMean = (a: readonly number[] | undefined, b: readonly number[] | undefined) => {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
};

/** A reduction of `shared.ev` made before for the same inputs as `gx` with these options has, or undefined. */
export function keptReductionOf(
  shared: SharedEvaluation,
  gx: GxMaterial,
  bake: boolean,
  textureMean: ((texMap: number) => readonly number[] | undefined) | undefined,
): ReductionParts | undefined {
  const { textures } = shared.ev;
  next: for (const kept of shared.reductions) {
    if (kept.bake !== bake || (kept.means === undefined) !== (textureMean === undefined)) continue;
    for (let t = 0; t < textures.length; t++)
      if (!Object.is(kept.sources[t], sourceOf(gx, textures[t]!.texCoord))) continue next;
    if (kept.means && textureMean)
      for (const { texMap, mean } of kept.means) if (!sameMean(mean, textureMean(texMap))) continue next;
    return kept.parts;
  }
  return undefined;
}

/**
 * Makes a reduction of `shared.ev` for `gx` with `reduce`, handing it `textureMean` through a recorder, and keeps
 * it for materials of the same inputs.
 */
export function keepReduction(
  shared: SharedEvaluation,
  gx: GxMaterial,
  bake: boolean,
  textureMean: ((texMap: number) => readonly number[] | undefined) | undefined,
  reduce: (textureMean: ((texMap: number) => readonly number[] | undefined) | undefined) => ReductionParts,
): ReductionParts {
  const means: MeanAnswers | undefined = textureMean ? [] : undefined;
  const recorded =
    textureMean &&
    ((texMap: number) => {
      const mean = textureMean(texMap);
      means!.push({ texMap, mean });
      return mean;
    });
  const parts = reduce(recorded);
  if (shared.reductions.length < KEPT_REDUCTIONS_MAX) {
    const sources = mapPacked(shared.ev.textures, (t) => sourceOf(gx, t.texCoord));
    shared.reductions.push({ sources, bake, means, parts });
  }
  return parts;
}
