/*
 * The `?scene` import form: what tools want to know about a model without its bulk data (format, asset
 * metadata, counts, node/mesh/material/animation names, diagnostics and sidecars read). Plain JSON.
 */
import { type Diagnostic, type Scene, type SceneAsset, type SceneCounts, sceneCounts } from '@retromodel/scene';

/** The default export of `./model.bdl?scene`. */
export interface SceneSummary {
  /** Id of the adapter that read the file: `j3d`, `tmd`, `t3dm`, `gltf`, ... */
  format: string;
  /** Human-readable name of that format. */
  formatName: string;
  name?: string;
  asset: SceneAsset;
  counts: SceneCounts;
  /** Node names in scene order ('' for unnamed nodes). */
  nodes: string[];
  meshes: string[];
  materials: string[];
  /** Animation names in scene order ('' for unnamed animations). */
  animations: string[];
  /** Sidecar files the reader used (names relative to their folder). */
  sidecars: string[];
  diagnostics: Diagnostic[];
}

export interface SummaryInput {
  adapter: { id: string; name: string };
  scene: Scene;
  diagnostics: Diagnostic[];
  sidecarsUsed: string[];
}

/** Summarises a read scene as plain JSON-safe data. */
export function summarizeScene(read: SummaryInput): SceneSummary {
  const { scene } = read;
  const names = (list: { name?: string }[]) => list.map((x) => x.name ?? '');
  return {
    format: read.adapter.id,
    formatName: read.adapter.name,
    ...(scene.name === undefined ? {} : { name: scene.name }),
    asset: { ...scene.asset },
    counts: sceneCounts(scene),
    nodes: names(scene.nodes),
    meshes: names(scene.meshes),
    materials: names(scene.materials),
    animations: names(scene.animations),
    sidecars: [...read.sidecarsUsed],
    diagnostics: read.diagnostics.map((d) => ({ code: d.code, message: d.message, severity: d.severity })),
  };
}
