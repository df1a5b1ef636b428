/*
 * Type-checked (never run) by types.test.ts with the tsconfig beside it: what a user of
 * unplugin-retromodel/client writes, with @ts-expect-error on what must not compile.
 */
import type { SceneSummary } from 'unplugin-retromodel';
import glb from './models/cube.glb';
import gltfUrl from './models/cube.gltf';
import tmd from './models/dino.tmd';
import bdl from './models/link.bdl';
// @ts-expect-error: no such import form
import bogus from './models/link.bdl?bogus';
import glbUrl from './models/link.bdl?glb';
import gltf from './models/link.bdl?gltf';
import inline from './models/link.bdl?inline';
import scene from './models/link.bdl?scene';
import t3dm from './models/link.bdl?t3dm';
import bmd from './models/mario.bmd';
import t3dmUrl from './models/ship.t3dm';
import bti from './textures/grass.bti';

export const urls: string[] = [bmd, bdl, glbUrl, inline, bti, glb, gltfUrl, t3dmUrl, tmd, t3dm.model, ...t3dm.streams];
export const version: string = gltf.asset.version;
export const triangles: number = scene.counts.triangles;
export const animationNames: string[] = scene.animations;
export const unknown: unknown = bogus;

// @ts-expect-error: a scene summary is not a URL
export const notUrl: string = scene;
// @ts-expect-error: ?gltf gives the JSON object, not a URL
export const notUrl2: string = gltf;
// @ts-expect-error: ?t3dm gives several URLs
export const notUrl3: string = t3dm;

/** The client's SceneSummary and the plugin's are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const sameSummary: Same<SceneSummary, RetromodelClient.SceneSummary> = true;
