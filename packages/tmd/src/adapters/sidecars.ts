/*
 * Finding a TMD's sidecars: the TKL its header names, `<tklName>.tkl` beside the model (matched
 * case-insensitively, as on the game's Windows file system), and the TMLs, named by the caller or else every
 * `.tml` beside the model. A missing or unreadable sidecar is a warning; the geometry converts without it.
 */
import { ParseError } from '@retromodel/binary';
import type { Diagnostic, SidecarSource } from '@retromodel/scene';
import { readTkl, type TklFile } from '../read-tkl.js';
import { readTml } from '../read-tml.js';
import type { NamedTml } from '../scene/build-materials.js';
import { safeSidecarName } from './sidecar-name.js';

/** The sidecars found and read, and the names used (for watchers). */
export interface FoundSidecars {
  tkl?: TklFile;
  tmls: NamedTml[];
  used: string[];
}

async function readByName(
  source: SidecarSource,
  name: string,
): Promise<{ name: string; bytes: Uint8Array } | undefined> {
  const listed = (await source.list()).find((n) => n.toLowerCase() === name.toLowerCase());
  const actual = listed ?? name;
  const bytes = await source.read(actual);
  return bytes ? { name: actual, bytes } : undefined;
}

function unreadable(name: string, e: unknown, diagnostics: Diagnostic[]): void {
  if (!(e instanceof ParseError)) throw e;
  diagnostics.push({
    code: 'tmd/sidecar-unreadable',
    message: `${name} could not be read and was skipped: ${e.message}`,
    severity: 'warning',
  });
}

/** Reads the TKL named `tklName` and the TMLs (`tmlNames`, or every `.tml` listed) from `source`. */
export async function findSidecars(
  source: SidecarSource | undefined,
  tklName: string,
  needTkl: boolean,
  tmlNames: string[] | undefined,
  diagnostics: Diagnostic[],
): Promise<FoundSidecars> {
  const found: FoundSidecars = { tmls: [], used: [] };
  const tklFile = safeSidecarName(`${tklName}.tkl`);
  if (needTkl) {
    if (!tklName)
      diagnostics.push({
        code: 'tmd/tkl-missing',
        message: 'the header names no keyframe library (TKL); animations are left out',
        severity: 'warning',
      });
    else if (!tklFile) {
      diagnostics.push({
        code: 'tmd/unsafe-sidecar-name',
        message: `the header's TKL name ${JSON.stringify(tklName)} is not a plain file name; it was not looked up and animations are left out`,
        severity: 'warning',
      });
    } else {
      const got = source ? await readByName(source, tklFile) : undefined;
      if (!got)
        diagnostics.push({
          code: 'tmd/tkl-missing',
          message: `keyframe library ${tklFile} not found beside the model; animations are left out`,
          severity: 'warning',
        });
      else {
        try {
          found.tkl = readTkl(got.bytes);
          found.used.push(got.name);
          diagnostics.push(...found.tkl.diagnostics);
        } catch (e) {
          unreadable(got.name, e, diagnostics);
        }
      }
    }
  }
  const names =
    tmlNames ?? (source ? (await source.list()).filter((n) => n.toLowerCase().endsWith('.tml')).sort() : []);
  for (const raw of names) {
    const name = safeSidecarName(raw);
    if (!name) {
      diagnostics.push({
        code: 'tmd/unsafe-sidecar-name',
        message: `material library name ${JSON.stringify(raw)} is not a plain file name; skipped`,
        severity: 'warning',
      });
      continue;
    }
    const got = source ? await readByName(source, name) : undefined;
    if (!got) {
      diagnostics.push({
        code: 'tmd/tml-missing',
        message: `material library ${name} not found beside the model`,
        severity: 'warning',
      });
      continue;
    }
    try {
      const file = readTml(got.bytes);
      found.tmls.push({ name: got.name, file });
      found.used.push(got.name);
      diagnostics.push(...file.diagnostics);
    } catch (e) {
      unreadable(got.name, e, diagnostics);
    }
  }
  return found;
}
