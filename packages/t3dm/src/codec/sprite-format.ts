/*
 * The N64 texture format of a material's sprite, as libdragon's mksprite chooses it: a T3DM stores only the
 * sprite's path (`rom:/tile64.i8.sprite`, made from `assets/tile64.i8.png`), and mksprite, given no `--format`,
 * takes the format from the first dot-separated part of the file name that names one (RGBA32, RGBA16, IA16, CI8,
 * I8, IA8, CI4, I4, IA4, ZBUF, IHQ; any case), else picks it from the PNG's colour type. The T3DM's own
 * `info` names it so (spec t3dm.md §7: texture path).
 */

const spriteFormats = ['RGBA32', 'RGBA16', 'IA16', 'CI8', 'I8', 'IA8', 'CI4', 'I4', 'IA4', 'ZBUF', 'IHQ'];

/** The N64 format a sprite's path names (`I8` for `rom:/tile64.i8.sprite`), or undefined when it names none. */
export function spriteFormatOf(path: string): string | undefined {
  for (const part of path.split('.')) {
    const upper = part.toUpperCase();
    if (spriteFormats.includes(upper)) return upper;
  }
  return undefined;
}
