/*
 * The counts a person asks for first about a model, shared by `retromodel info` and the plugins' `?scene`
 * import form.
 */
import type { Scene } from './types.js';

export interface SceneCounts {
  nodes: number;
  meshes: number;
  primitives: number;
  /** Sum of the POSITION counts of every primitive. */
  vertices: number;
  /** Triangles after unrolling strips and fans (points and lines count 0). */
  triangles: number;
  materials: number;
  textures: number;
  images: number;
  skins: number;
  /** Joints of every skin together. */
  joints: number;
  animations: number;
  lodGroups: number;
}

/** Counts the parts of a scene. */
export function sceneCounts(scene: Scene): SceneCounts {
  let primitives = 0;
  let vertices = 0;
  let triangles = 0;
  for (const mesh of scene.meshes) {
    for (const p of mesh.primitives) {
      const count = p.attributes.POSITION.array.length / p.attributes.POSITION.itemSize;
      const n = p.indices ? p.indices.length : count;
      primitives++;
      vertices += count;
      if (p.mode === 'TRIANGLES') triangles += Math.floor(n / 3);
      else if (p.mode === 'TRIANGLE_STRIP' || p.mode === 'TRIANGLE_FAN') triangles += Math.max(0, n - 2);
    }
  }
  return {
    nodes: scene.nodes.length,
    meshes: scene.meshes.length,
    primitives,
    vertices,
    triangles,
    materials: scene.materials.length,
    textures: scene.textures.length,
    images: scene.images.length,
    skins: scene.skins.length,
    joints: scene.skins.reduce((s, k) => s + k.joints.length, 0),
    animations: scene.animations.length,
    lodGroups: scene.lodGroups.length,
  };
}
