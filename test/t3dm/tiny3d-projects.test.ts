/*
 * A Tiny3D project made by the builder (buildTiny3dProject: several games under one assets/ folder, same-named
 * textures in sibling folders, textures found only by searching the asset folder, a collision mesh, rigid parts
 * of a skinned model on Blender's neutral_bone, a clip at rest), converted from the project folder by tiny3d's
 * own gltf_to_t3d and by `retromodel gltf-to-t3d` (the built bin) with the same flags (also --ignore-materials
 * and --ignore-transforms), and compared file by file: the same triangles per material (decoded), material
 * state, objects, bones, clips and streams, texture paths and sizes (where tiny3d's file-system order decides
 * between several candidates, its pick is one of the candidates retromodel's warning names, and retromodel's is
 * the nearest); vertex loads and RSP commands at most tiny3d's; every vertex inside the header's box where the
 * rest pose draws it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { drawCost, readT3dm, type T3dmFile, t3dmToScene } from '@retromodel/t3dm';
import { stringAt } from '@retromodel/t3dm/internal';
import { buildTiny3dProject, haveTiny3d, repoPath, tiny3dConverter } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideHeaderBox, trianglesByMaterial, unmatchedTriangles } from './scene-compare.js';

const run = promisify(execFile);
const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
const models = [
  { name: 'kart/map', out: 'kart/map', flags: ['--bvh'] },
  { name: 'racer/car', out: 'racer/car', flags: [] },
  { name: 'level', out: 'level', flags: ['--base-scale=32'] },
  { name: 'kart/map', out: 'kart/bare', flags: ['--ignore-materials', '--ignore-transforms'] },
];

/** Each material's name with its two textures' stored path and size. */
function materialTextures(file: T3dmFile): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of file.chunks) {
    if (c.kind !== 'material') continue;
    const slot = (t: typeof c.textureA) =>
      t.texPath ? `${stringAt(file.stringTable, t.texPath)} ${t.texWidth}x${t.texHeight}` : '-';
    out.set(stringAt(file.stringTable, c.name) ?? '', [slot(c.textureA), slot(c.textureB)]);
  }
  return out;
}

const names = (file: T3dmFile, kind: 'animation' | 'object') =>
  file.chunks.flatMap((c) => (c.kind === kind ? [stringAt(file.stringTable, c.name)] : []));
const bones = (file: T3dmFile) =>
  file.chunks.flatMap((c) => (c.kind === 'skeleton' ? c.bones.map((b) => stringAt(file.stringTable, b.name)) : []));

describe.runIf(haveTiny3d)('a Tiny3D project: retromodel gltf-to-t3d against tiny3d', () => {
  let root = '';
  let stderr = '';
  const read = (path: string) => new Uint8Array(readFileSync(join(root, path)));

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'retromodel-tiny3d-project-'));
    for (const [path, bytes] of await buildTiny3dProject()) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), bytes);
    }
    // As tiny3d projects run it: from the project folder, assets/X.glb -> filesystem/X.t3dm.
    for (const m of models) {
      mkdirSync(dirname(join(root, 'filesystem', m.out)), { recursive: true });
      await run(tiny3dConverter, [`assets/${m.name}.glb`, `filesystem/${m.out}.t3dm`, ...m.flags], { cwd: root });
    }
    // One batch per set of flags; the outputs' paths hold filesystem/ as tiny3d's do.
    for (const m of models) {
      const result = await run(
        process.execPath,
        [bin, 'gltf-to-t3d', `assets/${m.name}.glb`, `ours/filesystem/${m.out}.t3dm`, ...m.flags],
        { cwd: root },
      );
      stderr += result.stderr;
    }
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(models.map((m) => [`${m.name} ${m.flags.join(' ')}`, m] as const))('%s', (_, { name, out }) => {
    const theirs = readT3dm(read(`filesystem/${out}.t3dm`));
    const ours = readT3dm(read(`ours/filesystem/${out}.t3dm`));
    expect(names(ours, 'object').sort(), 'objects').toEqual(names(theirs, 'object').sort());
    expect(bones(ours), 'bones').toEqual(bones(theirs));
    expect(names(ours, 'animation'), 'clips').toEqual(names(theirs, 'animation'));
    for (let n = 0; n < names(theirs, 'animation').length; n++) {
      const stream = `${out}.${n}.sdata`;
      expect(read(`ours/filesystem/${stream}`).length === 0, stream).toBe(read(`filesystem/${stream}`).length === 0);
    }

    // Textures: equal, but where tiny3d's pick among several candidates depends on the file system's order.
    const mine = materialTextures(ours);
    for (const [material, textures] of materialTextures(theirs)) {
      const ambiguous = new RegExp(`material "${material}": .*nearest of \\d+ candidates: ([^)]*)\\)`).exec(stderr);
      if (!ambiguous || textures[0] === '-') {
        expect(mine.get(material), `${name} material ${material}`).toEqual(textures);
        continue;
      }
      const candidates = ambiguous[1]!.split(', ').map((c) => `rom:/${c.replace('.png', '.sprite')}`);
      expect(candidates).toContain(textures[0]!.split(' ')[0]);
      expect(mine.get(material)![0]!.split(' ')[0]).toBe(candidates[0]);
    }

    // The same material state (all fields, textures aside: their sizes come from the search above).
    const state = (file: T3dmFile) =>
      new Map(
        file.chunks.flatMap((c) =>
          c.kind === 'material'
            ? [
                [
                  stringAt(file.stringTable, c.name),
                  JSON.stringify({ ...c, name: 0, textureA: 0, textureB: 0 }, (_, v) =>
                    typeof v === 'bigint' ? `${v}` : v,
                  ),
                ],
              ]
            : [],
        ),
      );
    expect(state(ours)).toEqual(state(theirs));

    // The same triangles per material, decoded from both files.
    const scale = name === 'level' ? 32 : 64;
    const want = trianglesByMaterial(t3dmToScene(theirs, { baseScale: scale }).scene, scale);
    const got = trianglesByMaterial(t3dmToScene(ours, { baseScale: scale }).scene, scale);
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [material, tris] of want) {
      expect(got.get(material)!.length, `${material} triangles`).toBe(tris.length);
      expect(unmatchedTriangles(got.get(material)!, tris, name === 'racer/car' ? 4 : 1), material).toBe(0);
    }

    const cost = drawCost(ours);
    const reference = drawCost(theirs);
    expect(cost.verticesLoaded, 'vertices loaded').toBeLessThanOrEqual(reference.verticesLoaded);
    expect(cost.commands, 'RSP commands').toBeLessThanOrEqual(reference.commands);
    expect(outsideHeaderBox(ours), 'vertices drawn outside the header box').toBe(0);
  });

  it('says which textures it searched the asset folder for, and which it did not find', () => {
    expect(stderr).toMatch(
      /warning t3dm\/texture-fallback: material "stripes": .*kart\/deco\/stripes\.png.*racer\/stripes\.png/,
    );
    expect(stderr).toMatch(
      /warning t3dm\/texture-fallback: material "paint": texture "paint\.png\.001".*common\/paint\.png/,
    );
    expect(stderr).toMatch(/warning t3dm\/texture-fallback: material "grass":.*kart\/grass\/grass\.ci4\.png/);
    expect(stderr).toMatch(/warning t3dm\/texture-not-found: material "missing"/);
    // finish_pattern.png and sand.png lie beside the map: no search, no warning.
    expect(stderr).not.toMatch(/material "(road|sand)"/);
  });
});
