/*
 * Name damage of a GLB, as data: edits of its JSON chunk (glTF 2.0 §4.4: 12-byte header, then the JSON chunk
 * padded with spaces to 4 bytes, then the BIN chunk) after which the GLB is put together again around the same
 * BIN chunk. Names of images, materials, animations, nodes and meshes become file names in some writer (a T3DM's
 * textures, a glTF's images, a BDL's clip files), so they get names no file may have and names that make one file
 * name (`tex 1` and `tex_1`, `A.png` and `a.png`); an image's `uri` (which a GLB does not need) gets paths that
 * lead out of the model's folder. The texture names a T3DM writes its PNGs by get them too: a fast64 material's
 * texture file name (`extras.f3d_mat.tex0.tex.name`, which tiny3d's converter looks up) and the ROM path of an
 * N64 material retromodel keeps (`extras.n64.textureA.path`, `rom:/<name>.sprite`, given to the material). Byte
 * mutations rarely make such files, since the JSON must stay valid; these are what an attacker would hand-make.
 * Edits address an object by its list and index, so a case is plain JSON.
 */
import { n64MaterialExtras, n64TextureSlot } from '../n64-material.js';
import { hostileNames } from './entry-edits.js';

/** The glTF lists whose objects have names that writers may turn into file names. */
export const namedLists = ['images', 'materials', 'animations', 'nodes', 'meshes'] as const;

/** One edit of a GLB's JSON. */
export type GltfEdit =
  | { op: 'name'; list: (typeof namedLists)[number]; index: number; name: string }
  | { op: 'uri'; index: number; uri: string }
  | { op: 'fast64-texture'; index: number; name: string }
  | { op: 'n64-path'; index: number; name: string };

/** Names that sanitise alike, or differ only in case, or are long: the collisions a writer must tell apart. */
export const alikeNames = [
  'tex 1',
  'tex_1',
  'TEX_1',
  'tex 1.png',
  'walk cycle',
  'walk_cycle',
  'Walk_Cycle',
  'texture0',
  'texture1',
  'model',
  'a'.repeat(200),
  `${'a'.repeat(200)}b`,
] as const;

/** Image URIs that lead out of the model's folder or nowhere. */
export const hostileUris = [
  '../../../../etc/passwd',
  '/etc/passwd',
  'C:\\evil.png',
  '..\\..\\evil.png',
  'a/../../x.png',
  '%2e%2e/%2e%2e/evil.png',
  'file:///etc/passwd',
  'data:image/png;base64,AAAA',
  'nope.png',
  '',
] as const;

/** Every name an edit may give. */
export const editNames: readonly string[] = [...hostileNames, ...alikeNames];

/** The GLB's JSON and BIN chunks (undefined for bytes that are no GLB). */
export function glbChunks(bytes: Uint8Array): { json: Record<string, unknown>; bin?: Uint8Array } | undefined {
  if (bytes.length < 20 || String.fromCharCode(...bytes.subarray(0, 4)) !== 'glTF') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  if (20 + jsonLength > bytes.length) return undefined;
  try {
    const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as Record<string, unknown>;
    const binAt = 20 + jsonLength;
    if (binAt + 8 > bytes.length) return { json };
    const binLength = view.getUint32(binAt, true);
    return { json, bin: bytes.subarray(binAt + 8, binAt + 8 + binLength) };
  } catch {
    return undefined;
  }
}

/** A GLB of `json` and `bin` (glTF 2.0 §4.4: chunks padded to 4 bytes, JSON with spaces, BIN with zeros). */
function buildGlb(json: Record<string, unknown>, bin: Uint8Array | undefined): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = (text.length + 3) & ~3;
  const binLength = bin ? (bin.length + 3) & ~3 : 0;
  const total = 12 + 8 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(text, 20);
  if (bin) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, 0x004e4942, true);
    out.set(bin, at + 8);
  }
  return out;
}

/** How many objects each named list of the GLB's JSON holds. */
export function namedCounts(bytes: Uint8Array): Record<(typeof namedLists)[number], number> {
  const json = glbChunks(bytes)?.json ?? {};
  const count = (list: string) => (Array.isArray(json[list]) ? (json[list] as unknown[]).length : 0);
  return Object.fromEntries(namedLists.map((l) => [l, count(l)])) as Record<(typeof namedLists)[number], number>;
}

/** The object at `key` of `parent`, made when missing (or not an object). */
function objectAt(parent: Record<string, unknown>, key: string): Record<string, unknown> {
  const found = parent[key];
  if (found && typeof found === 'object' && !Array.isArray(found)) return found as Record<string, unknown>;
  const made: Record<string, unknown> = {};
  parent[key] = made;
  return made;
}

/** The GLB `bytes` with `edits` made to its JSON (the bytes unchanged when they are no GLB). */
export function applyGltfEdits(bytes: Uint8Array, edits: readonly GltfEdit[]): Uint8Array {
  const chunks = glbChunks(bytes);
  if (!chunks) return bytes.slice();
  const { json, bin } = chunks;
  for (const edit of edits) {
    const listName = edit.op === 'name' ? edit.list : edit.op === 'uri' ? 'images' : 'materials';
    const list = json[listName];
    const object = Array.isArray(list) ? (list[edit.index] as Record<string, unknown> | undefined) : undefined;
    if (!object || typeof object !== 'object') continue;
    if (edit.op === 'name') object.name = edit.name;
    else if (edit.op === 'uri') {
      // An image read from a file beside the model instead of the GLB's buffer.
      delete object.bufferView;
      delete object.mimeType;
      object.uri = edit.uri;
    } else if (edit.op === 'fast64-texture') {
      const tex0 = objectAt(objectAt(objectAt(object, 'extras'), 'f3d_mat'), 'tex0');
      tex0.tex_set = true;
      objectAt(tex0, 'tex').name = edit.name;
    } else {
      objectAt(object, 'extras').n64 = n64MaterialExtras(
        n64TextureSlot(32, `rom:/${edit.name}.sprite`),
        n64TextureSlot(32),
      );
    }
  }
  return buildGlb(json, bin);
}

/** One line per edit, for a case's description. */
export function describeGltfEdits(edits: readonly GltfEdit[]): string {
  const shown = (s: string) => JSON.stringify(s.length > 40 ? `${s.slice(0, 12)}…(${s.length})` : s);
  return edits
    .map((e) =>
      e.op === 'name'
        ? `${e.list}[${e.index}].name ${shown(e.name)}`
        : e.op === 'uri'
          ? `images[${e.index}].uri ${shown(e.uri)}`
          : `materials[${e.index}] ${e.op === 'n64-path' ? 'N64 texture path' : 'fast64 texture'} ${shown(e.name)}`,
    )
    .join('; ');
}
