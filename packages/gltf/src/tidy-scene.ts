/*
 * What a tidy glTF leaves out (`optimize: true`): nodes no scene root reaches (through children, skins or LOD
 * groups) and the skins no node left uses, then the meshes no node left uses, the materials no primitive left
 * uses, the textures no material left uses with the images and samplers only they used, and TEXCOORD_n
 * attributes the primitive's material does not read. Each would be an UNUSED_OBJECT for the Khronos validator.
 * A texture that came with a game's own texture state (`extras.gx`: a J3D TEX1 texture, which the game's
 * materials in their `extras.gx` name by index) stays, with its image and sampler, whether or not a glTF
 * material shows it: it is the game's, and its image is where a user edits it. So does an image with `extras.gx`
 * (a game's image: tools that rebuild the texture list from the materials, as glTF-Transform does, drop the
 * texture of an image no material shows but keep the image and its extras). The scene given is not changed:
 * the result shares everything that stays the same. Duplicate accessors are merged later, on the document.
 */
import type { AnimationChannel, Diagnostic, Material, Primitive, Scene, TextureRef } from '@retromodel/scene';
import { remapPointerChannels } from './pointer-channels.js';

const slots = ['baseColorTexture', 'normalTexture', 'emissiveTexture'] as const;

function refsOf(m: Material): TextureRef[] {
  return slots.flatMap((slot) => (m[slot] ? [m[slot]] : []));
}

/** Keeps the items whose index is in `used` (a set, or a mask of 0/1); returns them and the old → new index map. */
function keep<T>(items: T[], used: Set<number> | Uint8Array): { kept: T[]; index: Map<number, number> } {
  const index = new Map<number, number>();
  const isUsed = used instanceof Set ? (i: number) => used.has(i) : (i: number) => used[i] === 1;
  const kept: T[] = [];
  for (let i = 0; i < items.length; i++) {
    if (!isUsed(i)) continue;
    index.set(i, kept.length);
    kept.push(items[i]!);
  }
  return { kept, index };
}

/**
 * TEXCOORD_n sets the primitive's material does not read go, from the highest down (sets must stay numbered
 * from 0 without gaps, so an unread set below a read one stays).
 */
function withUsedTexCoords(p: Primitive, materials: Material[]): { primitive: Primitive; dropped: number } {
  const material = p.material === undefined ? undefined : materials[p.material];
  const read = new Set((material ? refsOf(material) : []).map((r) => r.texCoord));
  const sets = Object.keys(p.attributes)
    .filter((name) => name.startsWith('TEXCOORD_'))
    .map((name) => Number(name.slice('TEXCOORD_'.length)))
    .sort((a, b) => b - a);
  const unused: string[] = [];
  for (const n of sets) {
    if (read.has(n)) break;
    unused.push(`TEXCOORD_${n}`);
  }
  if (unused.length === 0) return { primitive: p, dropped: 0 };
  const attributes = { ...p.attributes };
  for (const name of unused) delete attributes[name as keyof typeof attributes];
  return { primitive: { ...p, attributes }, dropped: unused.length };
}

/**
 * The nodes reachable from the roots, through children, skins and LOD groups (a skin's joints count), as a
 * mask (1 = reached). A skin's joints are pushed once, however many nodes use it.
 */
function reachableNodes(scene: Scene): Uint8Array {
  const seen = new Uint8Array(scene.nodes.length);
  const skinSeen = new Uint8Array(scene.skins.length);
  const stack = [...scene.roots];
  const pushAll = (items: readonly number[]) => {
    for (const i of items) stack.push(i);
  };
  const visit = () => {
    while (stack.length > 0) {
      const n = stack.pop()!;
      const node = scene.nodes[n];
      if (!node || seen[n] === 1) continue;
      seen[n] = 1;
      pushAll(node.children);
      const skin = node.skin === undefined ? undefined : scene.skins[node.skin];
      if (skin && skinSeen[node.skin!] === 0) {
        skinSeen[node.skin!] = 1;
        pushAll(skin.joints);
        if (skin.skeleton !== undefined) stack.push(skin.skeleton);
      }
    }
  };
  visit();
  for (const group of scene.lodGroups) if (group.levels.some((l) => seen[l] === 1)) pushAll(group.levels);
  visit();
  return seen;
}

/**
 * The scene without nodes nothing reaches and skins no node left uses (a used skin's joints are reached through
 * it); node and skin indices everywhere are renumbered, channels on dropped nodes dropped.
 */
function withReachableNodes(scene: Scene): { scene: Scene; removed: number } {
  const reached = reachableNodes(scene);
  if (!reached.includes(0)) return { scene, removed: 0 };
  const nodes = keep(scene.nodes, reached);
  const at = (n: number) => nodes.index.get(n)!;
  const skins = keep(scene.skins, new Set(nodes.kept.flatMap((n) => (n.skin === undefined ? [] : [n.skin]))));
  const withSkin = (n: Scene['nodes'][number]) => (n.skin === undefined ? n : { ...n, skin: skins.index.get(n.skin)! });
  return {
    removed: scene.nodes.length - nodes.kept.length + scene.skins.length - skins.kept.length,
    scene: {
      ...scene,
      nodes: nodes.kept.map((n) => ({ ...withSkin(n), children: n.children.map(at) })),
      roots: scene.roots.map(at),
      skins: skins.kept.map((s) => ({
        ...s,
        joints: s.joints.map(at),
        ...(s.skeleton === undefined ? {} : { skeleton: at(s.skeleton) }),
      })),
      animations: scene.animations.map((a) => ({
        ...a,
        channels: a.channels.flatMap((c): AnimationChannel[] => {
          if (c.path === 'pointer') return [c];
          return nodes.index.has(c.node) ? [{ ...c, node: at(c.node) }] : [];
        }),
      })),
      lodGroups: scene.lodGroups
        .filter((g) => g.levels.every((l) => nodes.index.has(l)))
        .map((g) => ({ ...g, levels: g.levels.map(at) })),
    },
  };
}

/** The scene without meshes no node uses and materials no primitive uses (indices renumbered). */
function withUsedMeshesAndMaterials(scene: Scene): { scene: Scene; removed: number } {
  const meshes = keep(scene.meshes, new Set(scene.nodes.flatMap((n) => (n.mesh === undefined ? [] : [n.mesh]))));
  const kept = meshes.kept;
  const materials = keep(
    scene.materials,
    new Set(kept.flatMap((m) => m.primitives.flatMap((p) => (p.material === undefined ? [] : [p.material])))),
  );
  const removed = scene.meshes.length - kept.length + scene.materials.length - materials.kept.length;
  if (removed === 0) return { scene, removed };
  return {
    removed,
    scene: {
      ...scene,
      nodes: scene.nodes.map((n) => (n.mesh === undefined ? n : { ...n, mesh: meshes.index.get(n.mesh)! })),
      meshes: kept.map((m) => ({
        ...m,
        primitives: m.primitives.map((p) =>
          p.material === undefined ? p : { ...p, material: materials.index.get(p.material)! },
        ),
      })),
      materials: materials.kept,
      animations: remapPointerChannels(scene.animations, materials.kept, (m) => {
        const at = materials.index.get(m);
        return at === undefined ? [] : [at];
      }),
    },
  };
}

export function tidyScene(input: Scene): { scene: Scene; diagnostics: Diagnostic[] } {
  const reachable = withReachableNodes(input);
  const used = withUsedMeshesAndMaterials(reachable.scene);
  const { scene } = used;
  const removedNodes = reachable.removed + used.removed;
  const shown = scene.materials.flatMap((m) => refsOf(m).map((r) => r.texture));
  const games = scene.textures.flatMap((t, i) => (t.extras?.gx === undefined ? [] : [i]));
  const textures = keep(scene.textures, new Set([...shown, ...games]));
  const gameImages = scene.images.flatMap((image, i) => (image.extras?.gx === undefined ? [] : [i]));
  const images = keep(scene.images, new Set([...textures.kept.map((t) => t.image), ...gameImages]));
  const samplers = keep(scene.samplers, new Set(textures.kept.map((t) => t.sampler)));
  const remap = (ref: TextureRef | undefined) => ref && { ...ref, texture: textures.index.get(ref.texture)! };
  const materials = scene.materials.map((m) => {
    const out = { ...m };
    for (const slot of slots) if (m[slot]) out[slot] = remap(m[slot]);
    return out;
  });
  let droppedTexCoords = 0;
  const meshes = scene.meshes.map((mesh) => ({
    ...mesh,
    primitives: mesh.primitives.map((p) => {
      const { primitive, dropped } = withUsedTexCoords(p, scene.materials);
      droppedTexCoords += dropped;
      return primitive;
    }),
  }));
  const tidy: Scene = {
    ...scene,
    materials,
    meshes,
    textures: textures.kept.map((t) => ({
      ...t,
      image: images.index.get(t.image)!,
      sampler: samplers.index.get(t.sampler)!,
    })),
    images: images.kept,
    samplers: samplers.kept,
  };
  const removedTextures = scene.textures.length - textures.kept.length;
  const removedImages = scene.images.length - images.kept.length;
  const diagnostics: Diagnostic[] = [];
  if (removedNodes > 0 || removedTextures > 0 || removedImages > 0 || droppedTexCoords > 0)
    diagnostics.push({
      code: 'gltf/unused-left-out',
      message: `left out what nothing uses: ${removedNodes} node(s), skin(s), mesh(es) or material(s), ${removedTextures} texture(s), ${removedImages} image(s), ${droppedTexCoords} texture coordinate set(s)`,
      severity: 'info',
    });
  return { scene: tidy, diagnostics };
}
