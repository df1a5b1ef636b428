/*
 * Names a TMD, TKL or TML stores: node and animation names in 15-byte fields, the TKL name in 16 bytes (15 and a
 * NUL: jpog-blender's limit), material names in 32 bytes. The game's names are ASCII identifiers (`Scene_Root`,
 * `D_Spine1`, `TRex_Walk_lp`), and OpenJPOG refuses material names with other characters, so a name from a scene
 * keeps its letters, digits and underscores, every other character becomes `_`, and a name too long is cut.
 * Names must stay distinct (case-insensitively: the game looks materials and files up without case), so a name
 * that its cut or its cleaning makes equal to one already taken ends in `_<n>` instead; each change is reported.
 */
import type { Diagnostic } from '@retromodel/scene';

/** The name as letters, digits and underscores. */
export function identifier(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Hands out distinct names of at most `max` characters, reporting the ones it had to change. */
export class NameTable {
  private readonly taken = new Set<string>();
  private readonly changed: string[] = [];

  constructor(
    private readonly what: string,
    private readonly max: number,
  ) {}

  /** A distinct name for `wanted` (`fallback` when it is empty). */
  take(wanted: string | undefined, fallback: string): string {
    const clean = identifier(wanted || fallback);
    let name = clean.slice(0, this.max);
    for (let n = 1; this.taken.has(name.toLowerCase()); n++) {
      const suffix = `_${n}`;
      name = clean.slice(0, this.max - suffix.length) + suffix;
    }
    this.taken.add(name.toLowerCase());
    if (wanted !== undefined && name !== wanted) this.changed.push(`${JSON.stringify(wanted)} → ${name}`);
    return name;
  }

  /** One note listing every name that was changed (none when all were kept). */
  report(diagnostics: Diagnostic[]): void {
    if (this.changed.length === 0) return;
    diagnostics.push({
      code: 'tmd/name-changed',
      message: `${this.changed.length} ${this.what} name(s) changed to fit the format (${this.max} ASCII letters, digits or _ at most, distinct): ${this.changed.join(', ')}`,
      severity: 'info',
    });
  }
}
