/*
 * Conversion in the browser: the dropped files are kept in memory, the first one a registered adapter can
 * read is the model and the others are its sidecars (animations, keyframe libraries, textures, .bin).
 * Uses only @retromodel/transcode's browser entry (no Node built-ins).
 */
import type { Diagnostic, SidecarSource } from '@retromodel/scene';
import { adapters, extensionOf, transcode } from '@retromodel/transcode';

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
