/*
 * Which animation files of an archive go with which of its models. An animation fits a model when each count it
 * has equals the model's and every material it names is one of the model's (the model format's codec says what
 * each offers: for J3D, joints for BCK/BCA, material names for BTK/BRK/BPK/BTP, shapes for BVA). A model sees the
 * animation files its caller puts in its scope (in an archive: its own folder and the kind-named folders in it
 * and beside it). Each animation file goes to:
 *   1. the models whose name begins its name, among those it fits (the longest such name:
 *      `PowerStarColor.btk` goes to `PowerStar.bdl` rather than to `Power.bdl`);
 *   2. else the one model it fits;
 *   3. else, for a joint animation with tracks for more joints than a model whose name begins its name (Pikmin 2's
 *      ufo: 37 for 25), that model (the longest such name), with a warning: its first tracks drive the model's
 *      joints and the others are left out, as the model's reader says again;
 *   4. else nowhere: when it fits no model, or several and none by name, every model that sees it says so in one
 *      warning listing such files (with --anim a user can still attach one).
 * Files sharing a base name (`Attack.bck`, `Attack.btp`) become one clip when the model is read; the codec names
 * each file's clip (`clipNames`: for J3D, two joint files of one base name are two clips).
 */
import type { AnimationTargets, AnyFormatAdapter, Diagnostic, FormatCodec } from '@retromodel/scene';

type AnimationTargetsHook = NonNullable<FormatCodec['animationTargets']>;

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

/**
 * What goes with one model: the animation files it takes, the clip each plays in (as the model's format names
 * them when it reads the model with those files), and what it says about those it leaves.
 */
export interface ModelAnimations {
  files: FitFile[];
  clips: string[];
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

/**
 * A joint animation with tracks for more joints than the model, and nothing else that misfits: it fits a model
 * its name names (its first tracks drive the model's joints, in order).
 */
function moreJoints(model: AnimationTargets, animation: AnimationTargets): boolean {
  return (
    animation.joints !== undefined &&
    animation.joints > (model.joints ?? 0) &&
    misfit({ ...model, joints: animation.joints }, animation) === undefined
  );
}

/** `items` (the first of `total`) joined, at most MAX_LISTED of them, then how many more. */
function listed(items: string[], total = items.length): string {
  const shown = items.slice(0, MAX_LISTED).join(', ');
  return total > MAX_LISTED ? `${shown} and ${total - MAX_LISTED} more` : shown;
}

/** Notes about files, kept per model as their count and the first MAX_LISTED of them (all a message shows). */
class Notes {
  private readonly notes = new Map<FitModel, { count: number; shown: string[] }>();
  add(m: FitModel, text: string): void {
    const found = this.notes.get(m) ?? { count: 0, shown: [] };
    found.count++;
    if (found.shown.length < MAX_LISTED) found.shown.push(text);
    this.notes.set(m, found);
  }
  /** Each model's notes as one phrase: how many, and the list. */
  each(): [FitModel, number, string][] {
    return [...this.notes].map(([m, { count, shown }]) => [m, count, listed(shown, count)]);
  }
}

/**
 * Matches the animation files in the models' scopes to the models (see the top of this file), by model path; every
 * model whose format takes animation files is in the result (one that cannot be read takes none: its conversion
 * reports why). Models given one scope array (an archive's models of one folder) are taken together: each file of
 * a scope is looked at once, not once per model; a model is read for its targets only when it sees an animation,
 * and whether an animation fits is worked out once per distinct set of model targets. So the work grows with the
 * files plus the (model, animation) pairs a model sees, not with the models times all the files.
 */
export async function fitAnimations(models: FitModel[]): Promise<Map<string, ModelAnimations>> {
  const result = new Map<string, ModelAnimations>();
  // Each model's codec's reader of targets (models of other formats take none), by the scope it shares.
  const hooks = new Map<FitModel, AnimationTargetsHook>();
  const byScope = new Map<FitFile[], FitModel[]>();
  for (const m of models) {
    const hook = (await m.adapter.load()).animationTargets;
    if (!hook) continue;
    hooks.set(m, hook);
    result.set(m.path, { files: [], clips: [], diagnostics: [] });
    const group = byScope.get(m.scope);
    if (group) group.push(m);
    else byScope.set(m.scope, [m]);
  }
  // What every file in a scope drives (undefined: not an animation; a string: why it cannot be read), read by the
  // codec of the first model that sees it; and the groups of models that see each animation.
  const drives = new Map<string, AnimationTargets | string | undefined>();
  const seenBy = new Map<string, { file: FitFile; groups: FitModel[][] }>();
  for (const [scope, group] of byScope) {
    const hook = hooks.get(group[0]!)!;
    for (const file of scope) {
      if (!drives.has(file.path)) {
        try {
          drives.set(file.path, hook.animation(file.bytes));
        } catch (e) {
          drives.set(file.path, `cannot be read: ${(e as Error).message}`);
        }
      }
      if (drives.get(file.path) === undefined) continue;
      const seen = seenBy.get(file.path) ?? { file, groups: [] };
      seen.groups.push(group);
      seenBy.set(file.path, seen);
    }
  }
  // The targets of each model that sees an animation (with a key equal for equal targets); undefined when the
  // model cannot be read.
  const targetsOf = new Map<FitModel, { targets: AnimationTargets; key: string } | undefined>();
  const read = (m: FitModel) => {
    if (!targetsOf.has(m)) {
      try {
        const targets = hooks.get(m)!.model(m.bytes);
        targetsOf.set(m, { targets, key: JSON.stringify(targets) });
      } catch {
        targetsOf.set(m, undefined);
      }
    }
    return targetsOf.get(m);
  };
  const unfit = new Notes();
  const ambiguous = new Notes();
  const overfull = new Notes();
  for (const { file, groups } of seenBy.values()) {
    const seers = groups.flat().filter((m) => read(m) !== undefined);
    const targets = drives.get(file.path)!;
    const whyByKey = new Map<string, string | undefined>();
    const why = (m: FitModel) => {
      if (typeof targets === 'string') return targets;
      const { key, targets: own } = read(m)!;
      if (!whyByKey.has(key)) whyByKey.set(key, misfit(own, targets));
      return whyByKey.get(key);
    };
    const fitting = seers.filter((m) => why(m) === undefined);
    const base = baseOf(file.name);
    const over = (m: FitModel) => typeof targets !== 'string' && moreJoints(read(m)!.targets, targets);
    const byName = (list: FitModel[]) => {
      const named = list.filter((m) => base.startsWith(baseOf(m.fileName)));
      const longest = named.reduce((n, m) => Math.max(n, baseOf(m.fileName).length), 0);
      return named.filter((m) => baseOf(m.fileName).length === longest);
    };
    const named = byName(fitting);
    const takers = named.length > 0 ? named : fitting.length === 1 ? fitting : byName(seers.filter(over));
    for (const m of takers) {
      result.get(m.path)!.files.push(file);
      if (over(m)) overfull.add(m, `${file.path} (${why(m)})`);
    }
    if (takers.length > 0) continue;
    if (fitting.length === 0) for (const m of seers) unfit.add(m, `${file.path} (${why(m)})`);
    else {
      // Each model names the others it fits: the first few, and how many more.
      const firstFew = fitting.slice(0, MAX_LISTED + 1);
      for (const m of fitting) {
        const others = firstFew.filter((o) => o !== m).map((o) => o.path);
        ambiguous.add(m, `${file.path} (also fits ${listed(others, fitting.length - 1)})`);
      }
    }
  }
  for (const [m, count, files] of unfit.each())
    result.get(m.path)!.diagnostics.push({
      code: 'archive/animation-unfit',
      message: `${count} animation file${count > 1 ? 's' : ''} beside the model fit no model of the archive and ${count > 1 ? 'are' : 'is'} not attached: ${files}`,
      severity: 'warning',
    });
  for (const [m, count, files] of overfull.each())
    result.get(m.path)!.diagnostics.push({
      code: 'archive/animation-more-joints',
      message: `${count} joint animation${count > 1 ? 's' : ''} named like the model ${count > 1 ? 'have' : 'has'} tracks for more joints than it and ${count > 1 ? 'are' : 'is'} attached: ${count > 1 ? 'their' : 'its'} first tracks drive the model's joints, the others are left out: ${files}`,
      severity: 'warning',
    });
  for (const [m, count, files] of ambiguous.each())
    result.get(m.path)!.diagnostics.push({
      code: 'archive/animation-ambiguous',
      message: `${count} animation file${count > 1 ? 's' : ''} fit this and other models of the archive, none by name, and ${count > 1 ? 'are' : 'is'} not attached (give --anim to attach one): ${files}`,
      severity: 'warning',
    });
  for (const [m, hook] of hooks) {
    const found = result.get(m.path)!;
    found.clips = hook.clipNames(found.files);
  }
  for (const [path, found] of result)
    if (found.files.length > 0)
      found.diagnostics.push({
        code: 'archive/animations-attached',
        message: `${found.files.length} animation file${found.files.length > 1 ? 's' : ''} of the archive fit ${path}: ${listed(found.files.map((f) => f.path))}`,
        severity: 'info',
      });
  return result;
}
