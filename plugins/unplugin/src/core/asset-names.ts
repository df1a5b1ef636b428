/*
 * Names and URLs of emitted model files. Bundlers other than Rollup/Vite do not expand `[hash]` in names
 * given to emitFile, so the content hash is computed here. Files of one output that refer to each other by
 * name (a T3DM and its .sdata streams) are kept together in one hashed folder, under their own names.
 * The names come from the model (a texture's name becomes a PNG's), so every emitted name goes through the
 * project's confinement rule (pathInside): it lies inside the assets folder, or the import fails.
 */
import { createHash } from 'node:crypto';
import { type OutputFile, pathInside } from '@retromodel/scene';

/** First 8 hex digits of the SHA-256 of the files' names and bytes. */
export function contentHash(files: OutputFile[]): string {
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.name).update('\0').update(f.bytes);
  return hash.digest('hex').slice(0, 8);
}

/** `cube.glb` -> [`cube`, `.glb`]; a name without an extension (or a dot file) keeps it all as the stem. */
function splitExtension(name: string): [stem: string, ext: string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

/**
 * `names` below the assets folder, `/`-separated, each name checked by the confinement rule (pathInside); a name
 * with `/` (a writer's sidecar in a sub-folder, `env/env0.shq.png`) counts as its parts.
 */
function assetPath(assetsDir: string, names: string[]): string {
  const root = assetsDir.replace(/\/+$/, '');
  const parts = names.flatMap((n) => n.split('/'));
  return root ? pathInside(root, parts) : pathInside('.', parts).slice(2);
}

/** `assets/cube-1a2b3c4d.glb` for a single file. */
export function hashedFileName(assetsDir: string, file: OutputFile): string {
  const [stem, ext] = splitExtension(file.name);
  return assetPath(assetsDir, [`${stem}-${contentHash([file])}${ext}`]);
}

/** `assets/cube-1a2b3c4d/<name>` for each file of a group that must stay side by side. */
export function groupFileNames(assetsDir: string, files: OutputFile[]): string[] {
  const [stem] = splitExtension(files[0]?.name ?? 'model');
  const folder = `${stem}-${contentHash(files)}`;
  return files.map((f) => assetPath(assetsDir, [folder, f.name]));
}

/** Joins URL path parts with single slashes, keeping a leading scheme or slash of the first part. */
export function joinUrl(...parts: string[]): string {
  return parts
    .filter((p) => p !== '')
    .map((p, i) => (i === 0 ? p.replace(/\/+$/, '') : p.replace(/^\/+|\/+$/g, '')))
    .join('/');
}

/** The MIME type a model file is served with. */
export function mimeTypeOf(file: OutputFile): string {
  if (file.mimeType) return file.mimeType;
  if (file.name.endsWith('.glb')) return 'model/gltf-binary';
  if (file.name.endsWith('.gltf')) return 'model/gltf+json';
  return 'application/octet-stream';
}

/** A Node Buffer over the same memory as `bytes` (no copy). */
export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A `data:` URL of the file's bytes. */
export function dataUrl(file: OutputFile): string {
  return `data:${mimeTypeOf(file)};base64,${toBuffer(file.bytes).toString('base64')}`;
}
