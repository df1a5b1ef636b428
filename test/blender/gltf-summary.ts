/*
 * What a GLB holds, read straight from its JSON and binary chunks (glTF 2.0 §4.4: a 12-byte header, then the
 * JSON chunk, then the BIN chunk, each with a u32 length and a u32 type), apart from the library: the numbers a
 * glTF importer should turn into objects. PNG sizes come from each image's IHDR chunk (width and height, big
 * endian, at bytes 16 and 20 of the file).
 */

interface TextureInfo {
  index: number;
}
interface GltfJson {
  nodes?: { mesh?: number; skin?: number; children?: number[] }[];
  meshes?: {
    primitives: { indices?: number; attributes: Record<string, number>; material?: number; mode?: number }[];
  }[];
  skins?: { joints: number[] }[];
  animations?: { channels: { target: { node?: number; path: string } }[] }[];
  materials?: {
    pbrMetallicRoughness?: { baseColorTexture?: TextureInfo; metallicRoughnessTexture?: TextureInfo };
    normalTexture?: TextureInfo;
    occlusionTexture?: TextureInfo;
    emissiveTexture?: TextureInfo;
  }[];
  textures?: { source?: number }[];
  images?: { bufferView?: number; mimeType?: string }[];
  accessors: { count: number }[];
  bufferViews?: { byteOffset?: number; byteLength: number }[];
}

export interface GltfSummary {
  /** Nodes that draw a mesh. */
  meshNodes: number;
  /** Of those, the ones with a skin. */
  skinnedMeshNodes: number;
  /** Distinct (mesh, skin) pairs drawn: an importer needs one mesh per pair (the skin changes the vertex groups). */
  meshSkinPairs: number;
  /** Skins that share no joint with another (skins that do share one form a single armature). */
  skeletons: number;
  /** Joints of all skins. */
  joints: number;
  /** Animations with at least one channel on a node (translation, rotation, scale, weights). */
  nodeAnimations: number;
  /** Animations with KHR_animation_pointer channels only. */
  pointerOnlyAnimations: number;
  /** Materials some primitive uses. */
  usedMaterials: number;
  /** Width × height of every image some used material's texture shows. */
  imageSizes: string[];
  /** Triangles (mode 4, indexed or not) of every distinct (mesh, skin) pair drawn. */
  triangles: number;
}

/** The JSON chunk of a GLB and its BIN chunk. */
export function readGlb(glb: Uint8Array): { json: GltfJson; bin: Uint8Array } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  if (view.getUint32(0, true) !== 0x46546c67) throw new Error('not a GLB');
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as GltfJson;
  const binStart = 20 + jsonLength;
  const bin = binStart < glb.length ? glb.subarray(binStart + 8, binStart + 8 + view.getUint32(binStart, true)) : glb;
  return { json, bin };
}

function pngSize(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return `${view.getUint32(16)}x${view.getUint32(20)}`;
}

/** Counts of what `glb` holds, for comparison with what an importer made of it. */
export function summarizeGlb(glb: Uint8Array): GltfSummary {
  const { json, bin } = readGlb(glb);
  const nodes = json.nodes ?? [];
  const meshNodes = nodes.filter((n) => n.mesh !== undefined);
  const skins = json.skins ?? [];
  // Skins sharing a joint are one skeleton: merge them (union by joint).
  const groupOf = skins.map((_, i) => i);
  const root = (i: number): number => (groupOf[i] === i ? i : root(groupOf[i]!));
  for (let i = 0; i < skins.length; i++)
    for (let k = 0; k < i; k++)
      if (skins[i]!.joints.some((j) => skins[k]!.joints.includes(j))) groupOf[root(i)] = root(k);
  const animations = json.animations ?? [];
  const drawnMeshes = new Set(meshNodes.map((n) => n.mesh!));
  const primitives = [...drawnMeshes].flatMap((m) => json.meshes![m]!.primitives);
  const materials = new Set(primitives.flatMap((p) => (p.material === undefined ? [] : [p.material])));
  const images = new Set<number>();
  for (const m of materials) {
    const material = json.materials![m]!;
    const infos = [
      material.pbrMetallicRoughness?.baseColorTexture,
      material.pbrMetallicRoughness?.metallicRoughnessTexture,
      material.normalTexture,
      material.occlusionTexture,
      material.emissiveTexture,
    ];
    for (const info of infos) {
      const source = info ? json.textures![info.index]!.source : undefined;
      if (source !== undefined) images.add(source);
    }
  }
  const imageSizes = [...images].map((i) => {
    const image = json.images![i]!;
    if (image.bufferView === undefined || image.mimeType !== 'image/png')
      throw new Error(`image ${i} is not a PNG inside the GLB`);
    const view = json.bufferViews![image.bufferView]!;
    return pngSize(bin.subarray(view.byteOffset ?? 0, (view.byteOffset ?? 0) + view.byteLength));
  });
  const pairs = new Map(meshNodes.map((n) => [`${n.mesh}/${n.skin}`, n.mesh!]));
  const triangles = [...pairs.values()]
    .flatMap((m) => json.meshes![m]!.primitives)
    .reduce((sum, p) => {
      if ((p.mode ?? 4) !== 4) throw new Error(`primitive mode ${p.mode} is not TRIANGLES`);
      return sum + json.accessors[p.indices ?? p.attributes.POSITION!]!.count / 3;
    }, 0);
  return {
    meshNodes: meshNodes.length,
    skinnedMeshNodes: meshNodes.filter((n) => n.skin !== undefined).length,
    meshSkinPairs: pairs.size,
    skeletons: new Set(skins.map((_, i) => root(i))).size,
    joints: new Set(skins.flatMap((s) => s.joints)).size,
    nodeAnimations: animations.filter((a) => a.channels.some((c) => c.target.node !== undefined)).length,
    pointerOnlyAnimations: animations.filter((a) => a.channels.every((c) => c.target.path === 'pointer')).length,
    usedMaterials: materials.size,
    imageSizes: imageSizes.sort(),
    triangles,
  };
}
