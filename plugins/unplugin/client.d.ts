/*
 * Types of model imports through unplugin-retromodel. Add `"types": ["unplugin-retromodel/client"]` to the
 * tsconfig's compilerOptions (or `/// <reference types="unplugin-retromodel/client" />` in a .d.ts).
 * A plain import is typed for the default `output: 'glb'`.
 *
 *   import url from './link.bdl'             the converted GLB's URL
 *   import url from './link.bdl?glb'         the same
 *   import gltf from './link.bdl?gltf'       glTF JSON with embedded buffers and images
 *   import scene from './link.bdl?scene'     a summary: format, counts, node and animation names
 *   import t3dm from './link.bdl?t3dm'       URLs of a Tiny3D model and its sidecar files
 *   import data from './link.bdl?inline'     the GLB as a data: URL
 *   import url from './Stage.szs?model=bdl/cl.bdl'   a model inside an archive (any form may follow: &scene)
 *   import list from './Stage.szs?ls'        the archive's files: { format, compression, files }
 */

declare namespace RetromodelClient {
  /** The glTF 2.0 JSON of `?gltf` imports (buffers and images are data: URIs). */
  interface GltfJson {
    asset: { version: string; generator?: string; copyright?: string; minVersion?: string };
    scene?: number;
    scenes?: { nodes?: number[]; name?: string }[];
    nodes?: { name?: string; mesh?: number; skin?: number; children?: number[] }[];
    meshes?: { name?: string; primitives: unknown[] }[];
    animations?: { name?: string; channels: unknown[]; samplers: unknown[] }[];
    buffers?: { uri?: string; byteLength: number }[];
    images?: { uri?: string; mimeType?: string; name?: string }[];
    [key: string]: unknown;
  }

  interface Diagnostic {
    code: string;
    message: string;
    severity: 'error' | 'warning' | 'info';
  }

  /** The default export of `?scene` imports. */
  interface SceneSummary {
    /** Id of the format read: `j3d`, `tmd`, `t3dm`, `gltf`, ... */
    format: string;
    formatName: string;
    name?: string;
    asset: { sourceFormat?: string; sourceName?: string; generator?: string; copyright?: string };
    counts: {
      nodes: number;
      meshes: number;
      primitives: number;
      vertices: number;
      triangles: number;
      materials: number;
      textures: number;
      images: number;
      skins: number;
      joints: number;
      animations: number;
      lodGroups: number;
    };
    nodes: string[];
    meshes: string[];
    materials: string[];
    animations: string[];
    sidecars: string[];
    diagnostics: Diagnostic[];
  }

  /** The default export of `?ls` imports of an archive. */
  interface ArchiveListing {
    format: 'rarc' | 'u8';
    compression: 'none' | 'yaz0' | 'yay0';
    /** Every file inside, with the id of the format that reads it (null when none does). */
    files: { path: string; size: number; kind: string | null }[];
  }

  /** The default export of `?t3dm` imports. */
  interface T3dmUrls {
    /** URL of the .t3dm file. */
    model: string;
    /** URLs of its streaming-data files (.sdata), in the same folder as the model. */
    streams: string[];
    /** URLs of its texture files, in the same folder as the model. */
    textures: string[];
  }
}

declare module '*.bmd' {
  const url: string;
  export default url;
}
declare module '*.bdl' {
  const url: string;
  export default url;
}
declare module '*.bti' {
  const url: string;
  export default url;
}
declare module '*.tmd' {
  const url: string;
  export default url;
}
declare module '*.t3dm' {
  const url: string;
  export default url;
}
declare module '*.glb' {
  const url: string;
  export default url;
}
declare module '*.gltf' {
  const url: string;
  export default url;
}
declare module '*?glb' {
  const url: string;
  export default url;
}
declare module '*?inline' {
  const dataUrl: string;
  export default dataUrl;
}
declare module '*?gltf' {
  const gltf: RetromodelClient.GltfJson;
  export default gltf;
}
declare module '*?scene' {
  const scene: RetromodelClient.SceneSummary;
  export default scene;
}
declare module '*?t3dm' {
  const t3dm: RetromodelClient.T3dmUrls;
  export default t3dm;
}

declare module '*.arc?ls' {
  const listing: RetromodelClient.ArchiveListing;
  export default listing;
}

declare module '*.szs?ls' {
  const listing: RetromodelClient.ArchiveListing;
  export default listing;
}

declare module '*.carc?ls' {
  const listing: RetromodelClient.ArchiveListing;
  export default listing;
}

declare module '*.rarc?ls' {
  const listing: RetromodelClient.ArchiveListing;
  export default listing;
}
