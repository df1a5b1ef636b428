/*
 * The tiny3d example set in the shared fixtures: every `<example>/assets/**.glb` with the `.t3dm` (and `.sdata`
 * streams) tiny3d's gltf_to_t3d wrote for it under `<example>/filesystem/`, and the converter flags the
 * example Makefiles use (fixtures MANIFEST: --bvh for 17_culling, 18/19 scene; --bvh --base-scale=32 for
 * 24_hdr_bloom/scene).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fixture, listFixtures, readFixture } from '@retromodel/test-utils';

export interface T3dmExample {
  /** e.g. `08_animation/snake`. */
  id: string;
  glb: string;
  t3dm: string;
  baseScale: number;
  bvh: boolean;
}

export function t3dmExamples(): T3dmExample[] {
  return listFixtures('t3dm', /\.glb$/).map((glb) => {
    const [, example, , ...rest] = glb.split('/');
    const rel = rest.join('/').replace(/\.glb$/, '');
    const id = `${example}/${rel}`;
    const bvh =
      example === '17_culling' ||
      id === '18_particles/scene' ||
      id === '19_particles_tex/scene' ||
      id === '24_hdr_bloom/scene';
    return {
      id,
      glb,
      t3dm: join('t3dm', example!, 'filesystem', `${rel}.t3dm`),
      baseScale: id === '24_hdr_bloom/scene' ? 32 : 64,
      bvh,
    };
  });
}

/** The `.sdata` streams beside a `.t3dm` that belong to it (`<base>.<n>.sdata`). */
export function streamsOf(t3dm: string): Map<string, Uint8Array> {
  const dir = dirname(t3dm);
  const base = t3dm.slice(dir.length + 1).replace(/\.t3dm$/, '');
  const out = new Map<string, Uint8Array>();
  for (const n of readdirSync(fixture(dir)))
    if (new RegExp(`^${base}\\.\\d+\\.sdata$`).test(n)) out.set(n, readFixture(dir, n));
  return out;
}

/** Every PNG of an example's assets folder, keyed by its path below that folder (what a rom:/ path names). */
export function texturesOf(glb: string): Map<string, Uint8Array> {
  const assets = glb.slice(0, glb.indexOf('/assets/') + '/assets'.length);
  const out = new Map<string, Uint8Array>();
  if (!existsSync(fixture(assets))) return out;
  for (const rel of listFixtures(assets, /\.png$/)) {
    out.set(rel.slice(assets.length + 1), readFixture(rel));
  }
  return out;
}

/**
 * The options that hand sceneToT3dm an example's project as the CLI finds it: every PNG of its assets folder
 * by its path from the .glb's folder, and that folder's path from the assets folder.
 */
export function projectTexturesOf(glb: string): { textures: Map<string, Uint8Array>; modelFolder: string } {
  const modelFolder = posix.dirname(glb.slice(glb.indexOf('/assets/') + '/assets/'.length)).replace(/^\.$/, '');
  const textures = new Map<string, Uint8Array>();
  for (const [path, bytes] of texturesOf(glb)) textures.set(posix.relative(modelFolder, path), bytes);
  return { textures, modelFolder };
}

/** The streams and PNGs a reference `.t3dm` (`<example>/filesystem/...`) has beside it, as the adapter collects them. */
export function sidecarsOf(t3dm: string): { sdata: Map<string, Uint8Array>; textures: Map<string, Uint8Array> } {
  return { sdata: streamsOf(t3dm), textures: texturesOf(t3dm.replace(/\/filesystem\/.*$/, '/assets/')) };
}
