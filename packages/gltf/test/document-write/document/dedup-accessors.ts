/*
 * Accessors with equal contents merged into one (`optimize`): the same merge as @gltf-transform/functions'
 * `dedup` for accessors (primitive attributes, primitive indices, animation inputs and animation outputs are
 * four groups that never merge with each other; the first of equal accessors stays, later ones are swapped for
 * it and disposed), but equal contents are found by a hash of the bytes, in linear time, where the library
 * compares every pair of accessors of equal length. It is written here because importing
 * @gltf-transform/functions loads ndarray-pixels and through it sharp's native module, about a quarter of a
 * second on every start of the CLI, for this one function.
 */
import { type Accessor, BufferUtils, type Document } from '@gltf-transform/core';

/** FNV-1a over the bytes, 32-bit words at a time when the length allows. */
function contentHash(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  if (bytes.byteOffset % 4 === 0 && bytes.byteLength % 4 === 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i]!, 0x01000193);
  } else {
    for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  }
  return h >>> 0;
}

/** Finds, within one group, the accessor each later equal one is replaced by. */
class AccessorGroup {
  private readonly byKey = new Map<string, { accessor: Accessor; bytes: Uint8Array }[]>();

  constructor(private readonly replacements: Map<Accessor, Accessor>) {}

  add(accessor: Accessor | null): void {
    const array = accessor?.getArray();
    if (!accessor || !array || this.replacements.has(accessor)) return;
    const bytes = BufferUtils.toView(array);
    const sparse = accessor.getSparse();
    const key = `${accessor.getCount()}:${accessor.getType()}:${accessor.getComponentType()}:${accessor.getNormalized()}:${sparse}:${contentHash(bytes)}`;
    const seen = this.byKey.get(key);
    if (!seen) {
      this.byKey.set(key, [{ accessor, bytes }]);
      return;
    }
    for (const s of seen) {
      if (s.accessor === accessor) return;
      if (BufferUtils.equals(s.bytes, bytes)) {
        this.replacements.set(accessor, s.accessor);
        return;
      }
    }
    seen.push({ accessor, bytes });
  }
}

/** Merges accessors with equal contents in `doc` (shared key times of animations, equal attributes). */
export function dedupAccessors(doc: Document): void {
  const replacements = new Map<Accessor, Accessor>();
  const attributes = new AccessorGroup(replacements);
  const indices = new AccessorGroup(replacements);
  const inputs = new AccessorGroup(replacements);
  const outputs = new AccessorGroup(replacements);
  const root = doc.getRoot();
  for (const mesh of root.listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      for (const accessor of primitive.listAttributes()) attributes.add(accessor);
      indices.add(primitive.getIndices());
    }
  }
  for (const animation of root.listAnimations()) {
    for (const sampler of animation.listSamplers()) {
      inputs.add(sampler.getInput());
      outputs.add(sampler.getOutput());
    }
  }
  if (replacements.size === 0) return;
  for (const mesh of root.listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      for (const accessor of primitive.listAttributes()) {
        const kept = replacements.get(accessor);
        if (kept) primitive.swap(accessor, kept);
      }
      const own = primitive.getIndices();
      const kept = own && replacements.get(own);
      if (own && kept) primitive.swap(own, kept);
    }
  }
  for (const animation of root.listAnimations()) {
    for (const sampler of animation.listSamplers()) {
      for (const accessor of [sampler.getInput(), sampler.getOutput()]) {
        const kept = accessor && replacements.get(accessor);
        if (accessor && kept) sampler.swap(accessor, kept);
      }
    }
  }
  for (const duplicate of replacements.keys()) duplicate.dispose();
}
