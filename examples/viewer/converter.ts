/*
 * Conversion in the browser: the dropped files are kept in memory, the first one a registered adapter can
 * read is the model and the others are its sidecars (animations, keyframe libraries, textures, .bin). A
 * dropped game archive (.arc, .szs, …) is opened instead, and one of the models inside it is converted, with
 * its sidecars from inside the archive. Uses only @retromodel/transcode's browser entry (no Node built-ins).
 */
import type { Diagnostic, SidecarSource } from '@retromodel/scene';
import {
  adapters,
  archiveExtensions,
  archiveModelPaths,
  extensionOf,
  looksLikeArchive,
  openArchiveBytes,
  transcode,
} from '@retromodel/transcode';

export interface ConvertedModel {
  /** Name of the dropped model file. */
  source: string;
  /** Format of the dropped model, as its adapter names it. */
  format: string;
  /** Name of the GLB. */
  name: string;
  glb: Uint8Array;
  diagnostics: Diagnostic[];
}

/** The dropped files other than the model, looked up by name as the model refers to them (any case). */
function memorySidecars(files: File[]): SidecarSource {
  const byName = new Map(files.map((f) => [f.name.toLowerCase(), f]));
  return {
    list: () => files.map((f) => f.name),
    async read(name) {
      const file = byName.get(name.toLowerCase());
      return file ? new Uint8Array(await file.arrayBuffer()) : undefined;
    },
  };
}

/** A dropped archive and the models inside it. */
export interface DroppedArchive {
  file: File;
  models: string[];
}

/** The dropped archive, when the files hold one (by extension or by its first bytes), with its models. */
export async function droppedArchive(files: File[]): Promise<DroppedArchive | undefined> {
  for (const file of files) {
    const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
    if (!archiveExtensions.includes(extensionOf(file.name)) && !looksLikeArchive(head)) continue;
    const tree = await openArchiveBytes(new Uint8Array(await file.arrayBuffer()));
    return { file, models: archiveModelPaths(tree, adapters) };
  }
  return undefined;
}

/** Converts the model at `path` inside a dropped archive to a GLB. */
export async function convertFromArchive(archive: DroppedArchive, path: string): Promise<ConvertedModel> {
  const bytes = new Uint8Array(await archive.file.arrayBuffer());
  const result = await transcode({ archive: bytes, path }, { to: 'glb' });
  const glb = result.files[0]!;
  return {
    source: `${archive.file.name}: ${path}`,
    format: result.adapter.name,
    name: glb.name,
    glb: glb.bytes,
    diagnostics: result.diagnostics,
  };
}

/** Converts dropped files to one GLB. Throws with the reader's message when the model cannot be read. */
export async function convertDropped(files: File[]): Promise<ConvertedModel> {
  const readable = new Set(adapters.filter((a) => a.can.read).flatMap((a) => a.extensions));
  const model = files.find((f) => readable.has(extensionOf(f.name)));
  if (!model) throw new Error(`none of the dropped files is a model this page reads (${[...readable].join(' ')})`);
  const sidecars = memorySidecars(files.filter((f) => f !== model));
  const bytes = new Uint8Array(await model.arrayBuffer());
  const result = await transcode({ bytes, fileName: model.name, sidecars }, { to: 'glb' });
  const glb = result.files[0]!;
  return {
    source: model.name,
    format: result.adapter.name,
    name: glb.name,
    glb: glb.bytes,
    diagnostics: result.diagnostics,
  };
}
