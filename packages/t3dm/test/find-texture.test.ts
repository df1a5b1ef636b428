/*
 * findTexture, tiny3d's texture lookup (spec §7, "The order matters"), on small made-up projects: the PNG at the
 * fast64 name beside the model wins over same-named ones elsewhere; only without it is the asset folder searched
 * by file name (Blender's `.png.001` cut off), the nearest candidate taken, ties by path, with a warning that
 * names the candidates; stored paths are `rom:/` + the path in the asset folder (or the project path outside it),
 * `.png` made `.sprite`; a file that is no PNG is not a texture.
 */
import { encodePng } from '@retromodel/gltf';
import type { Diagnostic } from '@retromodel/scene';
import { describe, expect, it } from 'vitest';
import { earlierCopies, findTexture, textureCandidates } from '../src/from-scene/find-texture.js';

const png = (width: number, height: number) => encodePng({ width, height, pixels: new Uint8Array(width * height * 4) });

function lookup(name: string, pngs: Record<string, Uint8Array>, modelFolder = 'kart') {
  const diagnostics: Diagnostic[] = [];
  const found = findTexture(
    name,
    { pngs: new Map(Object.entries(pngs)), modelFolder, assetPath: 'assets' },
    'material "M"',
    diagnostics,
  );
  return { found, diagnostics };
}

describe('findTexture', () => {
  it('takes the PNG beside the model over same-named PNGs of other folders, silently', () => {
    const { found, diagnostics } = lookup('finish.png', {
      '../racer/finish.png': png(237, 62),
      'finish.png': png(8, 8),
      '../finish.png': png(16, 16),
    });
    expect(found).toEqual({
      romPath: 'rom:/kart/finish.sprite',
      png: { key: 'finish.png', width: 8, height: 8 },
      outputName: 'finish.png',
    });
    expect(diagnostics).toEqual([]);
  });

  it('falls back to the nearest same-named PNG of the asset folder, then the first by path, and says so', () => {
    const { found, diagnostics } = lookup('sand.png.001', {
      '../zzz/sand.png': png(4, 4),
      '../b/deep/sand.png': png(2, 2),
      '../aaa/sand.png': png(32, 16),
      '../../outside/sand.png': png(1, 1),
    });
    expect(found.romPath).toBe('rom:/aaa/sand.sprite');
    expect(found.png).toEqual({ key: '../aaa/sand.png', width: 32, height: 16 });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 't3dm/texture-fallback', severity: 'warning' });
    for (const c of ['aaa/sand.png', 'zzz/sand.png', 'b/deep/sand.png']) expect(diagnostics[0]!.message).toContain(c);
    expect(diagnostics[0]!.message).not.toContain('outside');
  });

  it('warns even when the fallback had one candidate', () => {
    const { found, diagnostics } = lookup('tex/stone.png', { '../common/stone.png': png(64, 32) });
    expect(found.romPath).toBe('rom:/common/stone.sprite');
    expect(diagnostics.map((d) => d.code)).toEqual(['t3dm/texture-fallback']);
  });

  it('keeps a sub-folder of the name beside the model, and does not take a file that is no PNG', () => {
    expect(lookup('tex/stone.png', { 'tex/stone.png': png(2, 4) }).found.romPath).toBe('rom:/kart/tex/stone.sprite');
    const broken = lookup('stone.png', { 'stone.png': new Uint8Array([1, 2, 3]), '../x/stone.png': png(2, 2) });
    expect(broken.found.romPath).toBe('rom:/x/stone.sprite');
  });

  it('stores the path beside the model when nothing is found (its caller warns: textureNotFound)', () => {
    const { found, diagnostics } = lookup('gone.ci4.png', {});
    expect(found).toEqual({ romPath: 'rom:/kart/gone.ci4.sprite', outputName: 'gone.ci4.png' });
    expect(diagnostics).toEqual([]);
  });

  it('names a texture outside the asset folder by its path in the project, without rom:/', () => {
    const { found } = lookup('crate.png', { 'crate.png': png(8, 8) }, '../models');
    expect(found.romPath).toBe('models/crate.sprite');
    expect(found.outputName).toBe('crate.png');
  });
});

describe('textureCandidates', () => {
  it("keeps the files a name's lookup may read: its path from the model's folder, or a PNG of its file name", () => {
    const isCandidate = textureCandidates(['tex\\wood.png', 'finish.png.001', '/abs/stone.png', 'C:/x/brick.png']);
    const listed = [
      'tex/wood.png', // the first name's path, backslashes read as folders
      '../racer/wood.png', // a PNG of its file name elsewhere (the fallback)
      'finish.png.001', // the second name's own path
      '../racer/finish.png', // its fallback file name, Blender's .001 cut off
      'finish.png.001.bak',
      'stone.png', // absolute names are never read beside the model, but their file name is looked for
      'other/brick.png',
      'wood.png.txt',
      'grass.png',
    ];
    expect(listed.filter(isCandidate)).toEqual([
      'tex/wood.png',
      '../racer/wood.png',
      'finish.png.001',
      '../racer/finish.png',
      'stone.png',
      'other/brick.png',
    ]);
  });
});

describe('earlierCopies', () => {
  // The model is assets/kart/k.glb. A texture found in the asset folder is copied by its path there, one inside
  // the model's folder by its path from the model's, below the output's folder.
  const candidates = ['../tex/x.png', 'tex/x.png', '../out/tex/x.png', 'x.png', '../out/x.png', 'deco/y.png'];

  it("names the candidates that lie where another one's copy goes, for the output folder given", () => {
    // Without -o the output's folder is the model's: assets/tex/x.png is copied to assets/kart/tex/x.png.
    expect([...earlierCopies(candidates, ['x.png'], 'kart', '')]).toEqual(['tex/x.png']);
    // -o assets/out: assets/tex/x.png goes to out/tex/x.png, assets/kart/x.png to out/x.png, and kart/tex/x.png
    // to out/tex/x.png too.
    expect([...earlierCopies(candidates, ['x.png'], 'kart', '../out')].sort()).toEqual([
      '../out/tex/x.png',
      '../out/x.png',
    ]);
  });

  it('keeps the file an image name gives, a texture that is its own copy, and copies whose original is not listed', () => {
    // `tex/x.png` names assets/kart/tex/x.png: the model's texture, though assets/tex/x.png would be copied there.
    expect([...earlierCopies(candidates, ['tex/x.png'], 'kart', '')]).toEqual([]);
    expect([...earlierCopies(['x.png'], ['x.png'], 'kart', '')]).toEqual([]);
    expect([...earlierCopies(['../out/tex/x.png'], ['x.png'], 'kart', '../out')]).toEqual([]);
  });
});
