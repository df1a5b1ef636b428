/*
 * Blender from the tests: where it is (RETROMODEL_BLENDER, else Debian's /usr/bin/blender), and one headless
 * run (`blender -b --factory-startup --python import-gltf.py -- jobs.json results.json`) over a list of import
 * jobs, returning what import-gltf.py recorded per job. Under CI (.ci/run installs Blender) a missing Blender
 * is an error; elsewhere the Blender tests are skipped with a message.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoPath } from '@retromodel/test-utils';

export const blenderPath = process.env.RETROMODEL_BLENDER ?? '/usr/bin/blender';
export const haveBlender = existsSync(blenderPath);
if (!haveBlender && process.env.CI)
  throw new Error(`no Blender at ${blenderPath}: .ci/run should have installed it (Debian's blender, python3-numpy)`);
if (!haveBlender) console.warn(`[retromodel tests] no Blender at ${blenderPath}: the Blender import test is skipped.`);

export interface BlenderJob {
  file: string;
  /** Options of bpy.ops.import_scene.gltf. */
  importOptions?: Record<string, unknown>;
  /** Images to edit before the export, by name: each mirrored left to right in Blender. */
  flipImages?: string[];
  /** Where to write the imported scene back as a GLB (bpy.ops.export_scene.gltf). */
  export?: string;
  exportOptions?: Record<string, unknown>;
}

export interface BlenderResult {
  file: string;
  /** The operator's return set, e.g. ['FINISHED']. */
  status?: string[];
  /** The exception the import or export raised. */
  error?: string;
  traceback?: string;
  meshObjects: number;
  meshes: number;
  triangles: number;
  skinnedMeshObjects: number;
  armatures: number;
  bones: number;
  actions: { name: string; fcurves: number }[];
  materials: number;
  images: { name: string; size: [number, number]; packed: boolean }[];
  exported?: string;
}

/** Runs every job in one Blender process (in `dir`, which receives jobs.json and results.json). */
export async function runBlender(dir: string, jobs: BlenderJob[]): Promise<BlenderResult[]> {
  const jobsPath = join(dir, 'jobs.json');
  const resultsPath = join(dir, 'results.json');
  await writeFile(jobsPath, JSON.stringify(jobs));
  const script = repoPath('test/blender/import-gltf.py');
  const args = ['-b', '--factory-startup', '--python-exit-code', '1', '--python', script, '--', jobsPath, resultsPath];
  try {
    await promisify(execFile)(blenderPath, args, { maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`Blender failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
  return JSON.parse(await readFile(resultsPath, 'utf8')) as BlenderResult[];
}
