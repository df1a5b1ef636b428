/*
 * Material animation files whose tracks glTF cannot play, model → GLB → model (issue 37): SamboHead's seven BTKs
 * animate a texture matrix no texture's coordinates use, six of them sharing a base name with a BCK of another
 * duration or loop mode (`Land.bck` runs 44 frames once, `Land.btk` 5 frames repeating), one alone
 * (`SamboHead.btk`); Pikmin 2's `arrow_orima.brk` sets its colour to the one the material has. Written back, each
 * file must come back, by name, with its own duration and loop mode and its entries' tracks (as the source file
 * holds them: the reader keeps them in the scene's extras); a clip glTF plays nothing of is named in a warning.
 */
import { decodePng, encodePng, gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { adapterRead, haveFixtures, memorySidecars } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { writeJ3dFiles } from '../../src/adapters/write-j3d-files.js';
import { type J3dTrack, sampleTrack } from '../../src/anim/animation-track.js';
import { j3dAdapter, readBck, readBrk, readBtk } from '../../src/index.js';
import { archiveFile, archivePaths, PIKIS } from '../anim-kinds/archive-files.js';

const SAMBO = 'nintendo_smg2_SamboHead.arc';

/** The model read with `animations` (paths in `archive`), through a GLB, written back: diagnostics and files. */
async function loop(archive: string, modelPath: string, animations: string[]) {
  const name = modelPath.split('/').pop()!;
  const base = name.replace(/\.[^.]+$/, '');
  const sidecars = Object.fromEntries(animations.map((p) => [p.split('/').pop()!, archiveFile(archive, p)]));
  const read = await adapterRead(j3dAdapter, archiveFile(archive, modelPath), {
    fileName: name,
    sidecars: memorySidecars(sidecars),
    animations: Object.keys(sidecars),
  });
  const glb = await sceneToGlb(read.scene);
  const scene = (await gltfToScene(glb.bytes)).scene;
  const written = writeJ3dFiles(scene, { baseName: base, encodePng, decodePng }, { kind: name.slice(-3) }) as {
    files: { name: string; bytes: Uint8Array }[];
  };
  return {
    read,
    clips: scene.animations.map((a) => a.name),
    sources: sidecars,
    files: new Map(written.files.map((f) => [f.name, f.bytes])),
  };
}

const sameTrack = (a: J3dTrack, b: J3dTrack, duration: number) => {
  for (let f = 0; f <= 2 * duration; f++) expect(sampleTrack(a, f / 2)).toBeCloseTo(sampleTrack(b, f / 2), 5);
};

describe.skipIf(!haveFixtures)('material files glTF plays nothing of, written back', () => {
  it("SamboHead: every BTK comes back with its own duration, loop mode and tracks, not its BCK's", async () => {
    const paths = [...archivePaths(SAMBO, '.bck'), ...archivePaths(SAMBO, '.btk')];
    const { read, clips, sources, files } = await loop(SAMBO, 'SamboHead.bdl', paths);
    expect([...files.keys()].sort()).toEqual(['SamboHead.bdl', ...Object.keys(sources)].sort());
    // SamboHead.btk is no glTF clip, and a warning says so.
    expect(clips).not.toContain('SamboHead');
    const notPlayed = read.diagnostics.filter((d) => d.code === 'j3d/anim-not-played');
    expect(notPlayed.map((d) => d.message.match(/^animation "([^"]+)"/)?.[1])).toEqual(['SamboHead']);
    let clocksDiffer = 0;
    for (const name of Object.keys(sources).filter((n) => n.endsWith('.btk'))) {
      const [ours, theirs] = [readBtk(files.get(name)!), readBtk(sources[name]!)];
      expect([ours.duration, ours.loopMode, ours.maya], name).toEqual([theirs.duration, theirs.loopMode, theirs.maya]);
      expect(ours.entries.map((e) => [e.materialName, e.texMatrixIndex, e.center])).toEqual(
        theirs.entries.map((e) => [e.materialName, e.texMatrixIndex, e.center]),
      );
      theirs.entries.forEach((e, i) => {
        for (const part of ['scale', 'rotation', 'translation'] as const)
          for (let a = 0; a < 3; a++) sameTrack(ours.entries[i]![part][a]!, e[part][a]!, theirs.duration);
      });
      const bck = sources[name.replace(/\.btk$/, '.bck')];
      if (bck) {
        const clock = readBck(bck);
        if (clock.duration !== theirs.duration || clock.loopMode !== theirs.loopMode) clocksDiffer++;
      }
    }
    // The case the issue names: Land, Press and Wait run other clocks than their BCKs.
    expect(clocksDiffer).toBeGreaterThanOrEqual(3);
  });

  it('Pikmin 2 cursor: a BRK that leaves the colour as it is comes back too', async () => {
    const paths = archivePaths(PIKIS, '.brk').filter((p) => p.startsWith('cursor/'));
    const { read, clips, sources, files } = await loop(PIKIS, 'cursor/cursor.bmd', paths);
    expect(clips).not.toContain('arrow_orima');
    expect(read.diagnostics.some((d) => d.code === 'j3d/anim-not-played' && d.message.includes('"arrow_orima"'))).toBe(
      true,
    );
    expect([...files.keys()].sort()).toEqual(['cursor.bmd', ...Object.keys(sources)].sort());
    for (const name of Object.keys(sources)) {
      const [ours, theirs] = [readBrk(files.get(name)!), readBrk(sources[name]!)];
      expect([ours.duration, ours.loopMode], name).toEqual([theirs.duration, theirs.loopMode]);
      expect(ours.entries.map((e) => [e.materialName, e.kind, e.colorIndex])).toEqual(
        theirs.entries.map((e) => [e.materialName, e.kind, e.colorIndex]),
      );
      theirs.entries.forEach((e, i) => {
        for (const c of ['r', 'g', 'b', 'a'] as const) sameTrack(ours.entries[i]![c], e[c], theirs.duration);
      });
    }
  });
});
