/*
 * Runs an adapter's codec the way transcode does, for tests that exercise one format's adapter: the codec is
 * loaded, and the read context (file name, sidecars) or write context (base name, PNG encoder) is passed apart
 * from the format's own options.
 */
import type { AnyFormatAdapter, PngEncoder, ReadContext, Scene, SidecarSource } from '@retromodel/scene';

export async function adapterRead(
  adapter: AnyFormatAdapter,
  bytes: Uint8Array,
  { fileName, sidecars, ...options }: { fileName?: string; sidecars?: SidecarSource; [option: string]: unknown } = {},
) {
  const codec = await adapter.load();
  if (!codec.read) throw new Error(`${adapter.id} has no reader`);
  const context: ReadContext = { ...(fileName !== undefined ? { fileName } : {}), ...(sidecars ? { sidecars } : {}) };
  return codec.read(bytes, context, options);
}

export async function adapterInfo(adapter: AnyFormatAdapter, bytes: Uint8Array, context: ReadContext = {}) {
  const codec = await adapter.load();
  if (!codec.info) throw new Error(`${adapter.id} has no info`);
  return codec.info(bytes, context);
}

export async function adapterWrite(
  adapter: AnyFormatAdapter,
  scene: Scene,
  { baseName, encodePng, ...options }: { baseName: string; encodePng?: PngEncoder; [option: string]: unknown },
) {
  const codec = await adapter.load();
  if (!codec.write) throw new Error(`${adapter.id} has no writer`);
  return codec.write(scene, { baseName, ...(encodePng ? { encodePng } : {}) }, options);
}
