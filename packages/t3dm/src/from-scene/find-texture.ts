/*
 * tiny3d's texture lookup for a fast64 image name (spec §7, "The order matters"). The name is first taken as a
 * path from the model's (.glb's) folder; only when no PNG is there is the project's asset folder searched for a
 * PNG of the same file name (Blender's `x.png.001` copies named `x.png`). tiny3d takes the first match in the
 * file system's order; here the match nearest the model's folder is taken (fewest folders between them), then
 * the first by path, and the fallback is always reported, with the candidates when there were several. The
 * stored path is the one tiny3d maps from the file found (or, when none is, from the name beside the model):
 * its path in the asset folder as `rom:/<path>`, or its path in the project when it lies outside the asset
 * folder, the first `.png` made `.sprite`; the texture size is the PNG's. A name found nowhere is reported by
 * the caller (textureNotFound), which stores 0×0 as tiny3d does, or the size of the glTF's own image where it
 * writes that image in the file's place.
 *
 * Paths are `/`-separated: PNGs are keyed by their path from the model's folder (`../racer/x.png` for a file
 * of the asset folder beside the model's), and `modelFolder` is the model's folder's path from the asset folder.
 */
import type { Diagnostic } from '@retromodel/scene';
import { pngSize } from '../codec/png-info.js';
import { fileNameOf, folderOf, joinPath, leavesFolder, normalizePath } from '../codec/relative-path.js';

/** The project files a model's textures are looked up in. */
export interface TextureFiles {
  /** PNGs by `/`-separated path from the model's folder. */
  pngs: ReadonlyMap<string, Uint8Array>;
  /** The model's folder as a path from the project's asset folder ('' when the model lies in it). */
  modelFolder: string;
  /** The asset folder's path in the project (tiny3d's `--asset-path`, default `assets`). */
  assetPath: string;
}

/** What a fast64 image name resolved to. */
export interface FoundTexture {
  /** The path stored in the material (`rom:/kart/crate.ci8.sprite`). */
  romPath: string;
  /** The PNG used, if one was found. */
  png?: { key: string; width: number; height: number };
  /**
   * A name for a copy of the image beside the output: its path from the model's folder, or from the asset
   * folder when it lies outside the model's, or its file name when outside both.
   */
  outputName: string;
}

/** The PNG file name the fallback looks for: the name's last part, a Blender `.png.001` suffix cut off. */
export function fallbackFileName(imageName: string): string {
  const name = fileNameOf(imageName.replaceAll('\\', '/'));
  const png = name.indexOf('.png');
  return name.includes('.png.') ? name.slice(0, png + 4) : name;
}

/** The image name as a path from the model's folder, or undefined for an absolute one (never read). */
function besideKey(imageName: string): string | undefined {
  const name = imageName.replaceAll('\\', '/');
  return name.startsWith('/') || /^[A-Za-z]:/.test(name) ? undefined : normalizePath(name);
}

/**
 * Tells whether a listed file (path from the model's folder) is one the lookup of any of `imageNames` may read:
 * the path a name gives, or a PNG of the file name its fallback looks for. Each name's two forms are worked out
 * once here, not per listed file (a project's asset folder may list hundreds).
 */
export function textureCandidates(imageNames: readonly string[]): (listed: string) => boolean {
  const paths = new Set<string>();
  const fileNames = new Set<string>();
  for (const name of imageNames) {
    const beside = besideKey(name);
    if (beside !== undefined) paths.add(beside);
    fileNames.add(fallbackFileName(name));
  }
  return (listed) => paths.has(listed) || (listed.endsWith('.png') && fileNames.has(fileNameOf(listed)));
}

/** tiny3d's stored path of a PNG at `assetRel` (its path from the asset folder). */
function romPathOf(assetRel: string, assetPath: string): string {
  const path = leavesFolder(assetRel) ? joinPath(assetPath, assetRel) : `rom:/${assetRel}`;
  return path.replace('.png', '.sprite');
}

/** See FoundTexture.outputName: `key` is the path from the model's folder, `assetRel` from the asset folder. */
function outputName(key: string, assetRel: string): string {
  if (!leavesFolder(key)) return key;
  return leavesFolder(assetRel) ? fileNameOf(assetRel) : assetRel;
}

/**
 * The candidates (paths from the model's folder) that only the search by file name would take and that are
 * where the writer puts the texture found at another candidate (its image written as FoundTexture.outputName
 * below `outputFolder`, the output's folder as a path from the model's): an earlier run's copies. The search
 * must not take them: a copy is nearer the model than the file it stands for (`convert assets/kart/k.glb`
 * writes the texture found at `assets/tex/x.png` as `assets/kart/tex/x.png`), so a second run would store
 * another path, or fail because its output would replace the file it read. A file at the path an image name
 * gives is the model's own texture, wherever it is.
 */
export function earlierCopies(
  candidates: readonly string[],
  imageNames: readonly string[],
  modelFolder: string,
  outputFolder: string,
): Set<string> {
  const named = new Set(imageNames.map(besideKey));
  const listed = new Set(candidates);
  const copies = new Set<string>();
  for (const key of candidates) {
    const copy = joinPath(outputFolder, outputName(key, joinPath(modelFolder, key)));
    if (copy !== key && listed.has(copy) && !named.has(copy)) copies.add(copy);
  }
  return copies;
}

/** Folders between the model's folder and a file's (path from the model's folder). */
const distance = (key: string) => folderOf(key).split('/').filter(Boolean).length;

/**
 * Resolves a fast64 image name as tiny3d does; `where` names the material in the diagnostics (a warning when
 * the fallback is used or nothing is found).
 */
export function findTexture(
  imageName: string,
  files: TextureFiles,
  where: string,
  diagnostics: Diagnostic[],
): FoundTexture {
  const found = (key: string, size: { width: number; height: number }): FoundTexture => {
    const assetRel = joinPath(files.modelFolder, key);
    return {
      romPath: romPathOf(assetRel, files.assetPath),
      png: { key, ...size },
      outputName: outputName(key, assetRel),
    };
  };
  const beside = besideKey(imageName);
  const besideBytes = beside === undefined ? undefined : files.pngs.get(beside);
  const besideSize = besideBytes && pngSize(besideBytes);
  if (beside !== undefined && besideSize) return found(beside, besideSize);

  const fileName = fallbackFileName(imageName);
  const candidates: { key: string; size: { width: number; height: number } }[] = [];
  for (const [key, bytes] of files.pngs) {
    if (!key.endsWith('.png') || fileNameOf(key) !== fileName) continue;
    if (leavesFolder(joinPath(files.modelFolder, key))) continue; // the scan covers the asset folder only
    const size = pngSize(bytes);
    if (size) candidates.push({ key, size });
  }
  candidates.sort((a, b) => distance(a.key) - distance(b.key) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const best = candidates[0];
  if (best) {
    const result = found(best.key, best.size);
    const others =
      candidates.length > 1
        ? ` (nearest of ${candidates.length} candidates: ${candidates.map((c) => joinPath(files.modelFolder, c.key)).join(', ')})`
        : '';
    diagnostics.push({
      code: 't3dm/texture-fallback',
      message: `${where}: texture "${imageName}" is not beside the model; the asset folder's ${joinPath(files.modelFolder, best.key)} was used${others}`,
      severity: 'warning',
    });
    return result;
  }
  // Found nowhere: the caller says so (textureNotFound), knowing whether the glTF's own image takes its place.
  const assetRel = joinPath(files.modelFolder, beside ?? fileName);
  return { romPath: romPathOf(assetRel, files.assetPath), outputName: outputName(beside ?? fileName, assetRel) };
}

/**
 * The warning for a fast64 image name found nowhere. Its texture is stored 0×0, as tiny3d stores it (texture
 * coordinates then scale by 32), unless the glTF holds the image itself and it is written (`standIn`): written
 * in the file's place, its size is the size stored, which a second run, finding that file, stores too.
 */
export function textureNotFound(
  where: string,
  imageName: string,
  standIn?: { name: string; width: number; height: number },
): Diagnostic {
  const stored = standIn
    ? `the glTF's own image is written in its place as ${standIn.name} and its size (${standIn.width}×${standIn.height}) stored, where tiny3d stores 0×0`
    : 'stored as 0×0, as tiny3d stores it (texture coordinates scale by 32)';
  return {
    code: 't3dm/texture-not-found',
    message: `${where}: texture "${imageName}" was found neither beside the model nor in the asset folder; ${stored}`,
    severity: 'warning',
  };
}
