/*
 * Writes a scene with the direct writer (src/json-write) and with the glTF-Transform Document path kept here
 * (write-gltf.ts), in every mode (GLB and .gltf with external or embedded files, with and without `optimize`),
 * and says where the outputs first differ: the file names, mime types and bytes, and the diagnostics.
 */
import type { Scene } from '@retromodel/scene';
import { sceneToGlb, sceneToGltf } from '../../src/write-gltf.js';
import { sceneToGlb as oldSceneToGlb, sceneToGltf as oldSceneToGltf } from './write-gltf.js';

interface Written {
  files: { name: string; mimeType: string; bytes: Uint8Array }[];
  diagnostics: unknown[];
}

export type WriteMode = { format: 'glb' | 'gltf' | 'embedded'; optimize: boolean };

export const writeModes: WriteMode[] = (['glb', 'gltf', 'embedded'] as const).flatMap((format) =>
  [false, true].map((optimize) => ({ format, optimize })),
);

async function write(scene: Scene, mode: WriteMode, old: boolean): Promise<Written | { error: string }> {
  try {
    if (mode.format === 'glb') {
      const { bytes, diagnostics } = await (old ? oldSceneToGlb : sceneToGlb)(scene, { optimize: mode.optimize });
      return { files: [{ name: 'glb', mimeType: 'model/gltf-binary', bytes }], diagnostics };
    }
    const options = { baseName: 'model', embed: mode.format === 'embedded', optimize: mode.optimize };
    return await (old ? oldSceneToGltf : sceneToGltf)(scene, options);
  } catch (error) {
    return { error: String(error) };
  }
}

/** Index of the first differing byte, or -1. */
function firstByte(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** Where the two writers' outputs for `scene` in `mode` differ, or undefined when they are the same. */
export async function compareWrites(scene: Scene, mode: WriteMode): Promise<string | undefined> {
  const fresh = await write(scene, mode, false);
  const old = await write(scene, mode, true);
  if ('error' in old || 'error' in fresh) {
    const a = 'error' in fresh ? fresh.error : 'no error';
    const b = 'error' in old ? old.error : 'no error';
    return a === b ? undefined : `errors: ${a} vs ${b}`;
  }
  const names = (w: Written) => w.files.map((f) => `${f.name} ${f.mimeType}`).join(', ');
  if (names(fresh) !== names(old)) return `files: ${names(fresh)} vs ${names(old)}`;
  for (const [i, file] of fresh.files.entries()) {
    const at = firstByte(file.bytes, old.files[i]!.bytes);
    if (at >= 0) {
      const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(Math.max(0, at - 80), at + 80));
      return `${file.name}: byte ${at} differs (lengths ${file.bytes.length} vs ${old.files[i]!.bytes.length}):\n${text(file.bytes)}\n---\n${text(old.files[i]!.bytes)}`;
    }
  }
  const a = JSON.stringify(fresh.diagnostics);
  const b = JSON.stringify(old.diagnostics);
  return a === b ? undefined : `diagnostics: ${a} vs ${b}`;
}

/** Differences over every write mode, each line naming the mode. */
export async function compareAllModes(scene: Scene): Promise<string[]> {
  const out: string[] = [];
  for (const mode of writeModes) {
    const d = await compareWrites(scene, mode);
    if (d) out.push(`${mode.format}${mode.optimize ? ' optimized' : ''}: ${d}`);
  }
  return out;
}
