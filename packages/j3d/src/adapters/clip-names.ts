/*
 * The clip each J3D animation file of a model plays in. Files sharing a base name (`Attack.bck`, `Attack.btp`)
 * make one clip, named by that base name, as the games load them together. Two joint animations (a BCK and a BCA,
 * say `mariotree1_wait.bck` and `mariotree1_wait.bca`) cannot be one clip, though: the first BCK of a base name
 * (else its first BCA) keeps the base name, with the material, pattern and visibility files of that name, and
 * every other joint file is a clip of its own named by its whole file name (`mariotree1_wait.bca`), which the
 * writer gives back as that file name (animations-from-scene.ts). Base names match ignoring case; a file's kind
 * is its magic, whatever its extension.
 */
import { type Diagnostic, startsWithAscii } from '@retromodel/scene';

/** The J3D animation kinds, by the magic a file starts with. */
const kinds = ['bck', 'bca', 'btk', 'brk', 'bpk', 'btp', 'bva'] as const;

/** The animation kind of a file by its magic (`J3D1bck1` → `bck`), or undefined for another file. */
export function animationKind(bytes: Uint8Array): (typeof kinds)[number] | undefined {
  return kinds.find((k) => startsWithAscii(bytes, `J3D1${k}1`));
}

/** A file's name without its folders and its last extension. */
export function fileBaseName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * The clip name of each file (its path or name, and its kind: `animationKind`), in the same order, by the rule
 * at the top of this file. A joint file that does not keep its base name gets a warning in `diagnostics`.
 */
export function j3dClipNames(
  files: readonly { name: string; kind: string | undefined }[],
  diagnostics: Diagnostic[] = [],
): string[] {
  const keeper = new Map<string, number>();
  for (const kind of ['bck', 'bca'])
    files.forEach((f, i) => {
      const base = fileBaseName(f.name).toLowerCase();
      if (f.kind === kind && !keeper.has(base)) keeper.set(base, i);
    });
  return files.map((f, i) => {
    const base = fileBaseName(f.name);
    const keeps = keeper.get(base.toLowerCase());
    if ((f.kind !== 'bck' && f.kind !== 'bca') || keeps === undefined || keeps === i) return base;
    const own = f.name.split(/[\\/]/).pop() ?? f.name;
    const other = files[keeps]!.name.split(/[\\/]/).pop();
    diagnostics.push({
      code: 'j3d/joint-clips-one-name',
      message: `"${own}" and "${other}" are two joint animations of one base name, which cannot be one clip: "${other}" is the clip "${base}", "${own}" the clip "${own}" (written back as ${own})`,
      severity: 'warning',
    });
    return own;
  });
}
