/*
 * Which animation files of an archive go with which of its models. An animation fits a model when each count it
 * has equals the model's and every material it names is one of the model's (the model format's codec says what
 * each offers: for J3D, joints for BCK/BCA, material names for BTK/BRK/BPK/BTP, shapes for BVA). A model sees the
 * animation files its caller puts in its scope (in an archive: its own folder and the kind-named folders in it
 * and beside it). Each animation file goes to:
 *   1. the models whose name begins its name, among those it fits (the longest such name:
 *      `PowerStarColor.btk` goes to `PowerStar.bdl` rather than to `Power.bdl`);
 *   2. else the one model it fits;
 *   3. else nowhere: when it fits no model, or several and none by name, every model that sees it says so in one
 *      warning listing such files (with --anim a user can still attach one).
 * Files sharing a base name (`Attack.bck`, `Attack.btp`) become one clip when the model is read.
 */
import type { AnimationTargets, AnyFormatAdapter, Diagnostic } from '@retromodel/scene';

/** A file a model may take as an animation: its path (its identity), the name its model reads it by, its bytes. */
export interface FitFile {
  path: string;
  name: string;
  bytes: Uint8Array;
}

/** A model to match: its path and file name, bytes, adapter, and the files in its scope. */
export interface FitModel {
  path: string;
  fileName: string;
  bytes: Uint8Array;
  adapter: AnyFormatAdapter;
  scope: FitFile[];
}

/** What goes with one model: the animation files it takes, and what it says about those it leaves. */
export interface ModelAnimations {
  files: FitFile[];
  diagnostics: Diagnostic[];
}

/** Files listed by name in one message at most. */
const MAX_LISTED = 8;

const baseOf = (name: string) => {
  const file = name.split('/').pop()!;
  const dot = file.lastIndexOf('.');
  return (dot > 0 ? file.slice(0, dot) : file).toLowerCase();
};

/** Why `animation` does not fit `model` (a phrase), or undefined when it fits. */
export function misfit(model: AnimationTargets, animation: AnimationTargets): string | undefined {
  if (animation.joints !== undefined && animation.joints !== model.joints)
    return `${animation.joints} joints, the model has ${model.joints ?? 0}`;
  if (animation.shapes !== undefined && animation.shapes !== model.shapes)
    return `${animation.shapes} shapes, the model has ${model.shapes ?? 0}`;
  const missing = (animation.materials ?? []).filter((m) => !model.materials?.includes(m));
  if (missing.length > 0)
    return `material${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')} not in the model`;
  return undefined;
}

/** `items` joined, at most MAX_LISTED of them, then how many more. */
function listed(items: string[]): string {
  const shown = items.slice(0, MAX_LISTED).join(', ');
  return items.length > MAX_LISTED ? `${shown} and ${items.length - MAX_LISTED} more` : shown;
}

/**
 * Matches the animation files in the models' scopes to the models (see the top of this file), by model path; only
 * models whose format takes animation files (and that can be read) are in the result.
 */
export async function fitAnimations(models: FitModel[]): Promise<Map<string, ModelAnimations>> {
  const result = new Map<string, ModelAnimations>();
  // Each model's targets and its codec's reader of animation targets (models of other formats take none).
  const readers = new Map<
    FitModel,
    { targets: AnimationTargets; animation: (b: Uint8Array) => AnimationTargets | undefined }
  >();
  for (const m of models) {
    const hook = (await m.adapter.load()).animationTargets;
    if (!hook) continue;
    try {
      readers.set(m, { targets: hook.model(m.bytes), animation: hook.animation });
      result.set(m.path, { files: [], diagnostics: [] });
    } catch {
      // A model that cannot be read takes no animations; its conversion reports why.
    }
  }
  // What every file in a scope drives (undefined: not an animation; a string: why it cannot be read).
  const drives = new Map<string, AnimationTargets | string | undefined>();
  const seenBy = new Map<string, { file: FitFile; models: FitModel[] }>();
  for (const [m, reader] of readers) {
    for (const file of m.scope) {
      if (!drives.has(file.path)) {
        try {
          drives.set(file.path, reader.animation(file.bytes));
        } catch (e) {
          drives.set(file.path, `cannot be read: ${(e as Error).message}`);
        }
      }
      if (drives.get(file.path) === undefined) continue;
      const seen = seenBy.get(file.path) ?? { file, models: [] };
      seen.models.push(m);
      seenBy.set(file.path, seen);
    }
  }
  const unfit = new Map<FitModel, string[]>();
  const ambiguous = new Map<FitModel, string[]>();
  const note = (map: Map<FitModel, string[]>, m: FitModel, text: string) => map.set(m, [...(map.get(m) ?? []), text]);
  for (const { file, models: seers } of seenBy.values()) {
    const targets = drives.get(file.path)!;
    const why = new Map(
      seers.map((m) => [m, typeof targets === 'string' ? targets : misfit(readers.get(m)!.targets, targets)]),
    );
    const fitting = seers.filter((m) => why.get(m) === undefined);
    const base = baseOf(file.name);
    const named = fitting.filter((m) => base.startsWith(baseOf(m.fileName)));
    const longest = Math.max(0, ...named.map((m) => baseOf(m.fileName).length));
    const takers =
      named.length > 0
        ? named.filter((m) => baseOf(m.fileName).length === longest)
        : fitting.length === 1
          ? fitting
          : [];
    for (const m of takers) result.get(m.path)!.files.push(file);
    if (takers.length > 0) continue;
    if (fitting.length === 0) for (const m of seers) note(unfit, m, `${file.path} (${why.get(m)})`);
    else {
      for (const m of fitting) {
        const others = fitting.filter((o) => o !== m).map((o) => o.path);
        note(ambiguous, m, `${file.path} (also fits ${listed(others)})`);
      }
    }
  }
  for (const [m, files] of unfit)
    result.get(m.path)!.diagnostics.push({
      code: 'archive/animation-unfit',
      message: `${files.length} animation file${files.length > 1 ? 's' : ''} beside the model fit no model of the archive and ${files.length > 1 ? 'are' : 'is'} not attached: ${listed(files)}`,
      severity: 'warning',
    });
  for (const [m, files] of ambiguous)
    result.get(m.path)!.diagnostics.push({
      code: 'archive/animation-ambiguous',
      message: `${files.length} animation file${files.length > 1 ? 's' : ''} fit this and other models of the archive, none by name, and ${files.length > 1 ? 'are' : 'is'} not attached (give --anim to attach one): ${listed(files)}`,
      severity: 'warning',
    });
  for (const [path, found] of result)
    if (found.files.length > 0)
      found.diagnostics.push({
        code: 'archive/animations-attached',
        message: `${found.files.length} animation file${found.files.length > 1 ? 's' : ''} of the archive fit ${path}: ${listed(found.files.map((f) => f.path))}`,
        severity: 'info',
      });
  return result;
}
