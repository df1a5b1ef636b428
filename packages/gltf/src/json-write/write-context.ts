/*
 * What the sections of one glTF write share: the (prepared) scene, the diagnostics, and the accessors made so
 * far.
 */
import type { Diagnostic, Scene } from '@retromodel/scene';
import { AccessorList } from './accessors.js';

export interface WriteContext {
  scene: Scene;
  diagnostics: Diagnostic[];
  /** Adds a `gltf/<code>` warning. */
  warn: (code: string, message: string) => void;
  accessors: AccessorList;
}

export function createWriteContext(scene: Scene, diagnostics: Diagnostic[]): WriteContext {
  return {
    scene,
    diagnostics,
    warn: (code, message) => diagnostics.push({ code: `gltf/${code}`, message, severity: 'warning' }),
    accessors: new AccessorList(),
  };
}
