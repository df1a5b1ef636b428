import { encodePng } from '@retromodel/gltf';
import { createMaterial, createScene } from '@retromodel/scene';
import {
  adapterInfo,
  adapterRead,
  adapterWrite,
  fixtureSidecars,
  haveFixtures,
  n64MaterialExtras,
  n64TextureSlot,
  readFixture,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readT3dm, t3dmAdapter } from '../src/index.js';

/** One textured triangle drawn with `material`. */
const triangle = (material: number) => ({
  attributes: {
    POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 },
    TEXCOORD_0: { array: new Float32Array(6), itemSize: 2 },
  },
  mode: 'TRIANGLES' as const,
  material,
});

describe.skipIf(!haveFixtures)('t3dmAdapter', () => {
  it('recognises T3DM bytes by magic', () => {
    expect(t3dmAdapter.magic(readFixture('t3dm', '08_animation', 'filesystem', 'snake.t3dm'))).toBe(true);
    expect(t3dmAdapter.magic(Uint8Array.from([0x67, 0x6c, 0x54, 0x46]))).toBe(false);
  });

  it('reads the .sdata streams beside the model', async () => {
    const bytes = readFixture('t3dm', '08_animation', 'filesystem', 'snake.t3dm');
    const result = await adapterRead(t3dmAdapter, bytes, {
      fileName: 'snake.t3dm',
      sidecars: fixtureSidecars('t3dm', '08_animation', 'filesystem'),
    });
    expect(result.scene.animations.map((a) => a.name)).toEqual([
      'Snake_Attack',
      'Snake_Death',
      'Snake_Idle',
      'Snake_Jump',
      'Snake_Walk',
    ]);
    expect(result.sidecarsUsed?.sort()).toEqual([
      'snake.0.sdata',
      'snake.1.sdata',
      'snake.2.sdata',
      'snake.3.sdata',
      'snake.4.sdata',
    ]);
  });

  it('resolves a sprite path to the PNG beside the model', async () => {
    const bytes = readFixture('t3dm', '03_objects', 'filesystem', 'box.t3dm');
    const png = readFixture('t3dm', '03_objects', 'assets', 'crate00.ci8.png');
    const result = await adapterRead(t3dmAdapter, bytes, {
      fileName: 'box.t3dm',
      sidecars: { list: () => ['crate00.ci8.png'], read: () => png },
    });
    expect(result.scene.images).toEqual([
      { kind: 'encoded', name: 'crate00.ci8', mimeType: 'image/png', data: png, width: 32, height: 32 },
    ]);
    expect(result.scene.materials[0]?.baseColorTexture?.texture).toBe(0);
  });

  it('leaves out, with a warning, a PNG beside the model whose header says over 8192 a side', async () => {
    const bytes = readFixture('t3dm', '03_objects', 'filesystem', 'box.t3dm');
    const png = readFixture('t3dm', '03_objects', 'assets', 'crate00.ci8.png').slice();
    new DataView(png.buffer).setUint32(16, 16384); // IHDR width (PNG spec: signature 8, chunk length and type 8)
    const result = await adapterRead(t3dmAdapter, bytes, {
      fileName: 'box.t3dm',
      sidecars: { list: () => ['crate00.ci8.png'], read: () => png },
    });
    expect(result.scene.images).toEqual([]);
    expect(result.diagnostics).toContainEqual({
      code: 't3dm/texture-too-large',
      message:
        'texture crate00.ci8.png is left out: the image is 16384×32 pixels; images of 1 to 8192 pixels a side are read',
      severity: 'warning',
    });
  });

  it('writes the model, its streams and its textures', async () => {
    const dir = ['t3dm', '08_animation', 'filesystem'];
    const read = await adapterRead(t3dmAdapter, readFixture(...dir, 'snake.t3dm'), {
      fileName: 'snake.t3dm',
      sidecars: fixtureSidecars(...dir),
    });
    const written = await adapterWrite(t3dmAdapter, read.scene, { baseName: 'out' });
    expect(written.files.map((f) => f.name)).toEqual([
      'out.t3dm',
      'out.0.sdata',
      'out.1.sdata',
      'out.2.sdata',
      'out.3.sdata',
      'out.4.sdata',
    ]);
    expect(written.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const again = await adapterRead(t3dmAdapter, written.files[0]!.bytes, {
      fileName: 'out.t3dm',
      sidecars: {
        list: () => written.files.map((f) => f.name),
        read: (n) => written.files.find((f) => f.name === n)?.bytes,
      },
    });
    expect(again.scene.animations.map((a) => a.name)).toEqual(read.scene.animations.map((a) => a.name));
  });

  it('writes encoded PNGs as they are and rgba8 images through encodePng', async () => {
    const scene = createScene();
    const png = readFixture('t3dm', '03_objects', 'assets', 'crate00.ci8.png');
    scene.images.push(
      { kind: 'encoded', name: 'crate', mimeType: 'image/png', data: png },
      { kind: 'rgba8', name: 'dots', width: 2, height: 2, pixels: new Uint8Array(16) },
    );
    scene.samplers.push({ wrapS: 'REPEAT', wrapT: 'REPEAT' });
    scene.textures.push({ image: 0, sampler: 0 }, { image: 1, sampler: 0 });
    scene.materials.push(
      createMaterial({ name: 'a', baseColorTexture: { texture: 0, texCoord: 0 } }),
      createMaterial({ name: 'b', baseColorTexture: { texture: 1, texCoord: 0 } }),
    );
    scene.meshes.push({ primitives: [triangle(0), triangle(1)] });
    scene.nodes.push({ name: 'n', mesh: 0, children: [] });
    scene.roots.push(0);
    const encoded = Uint8Array.from([1, 2, 3]);
    const withEncoder = await adapterWrite(t3dmAdapter, scene, { baseName: 'm', encodePng: () => encoded });
    expect(withEncoder.files.map((f) => f.name)).toEqual(['m.t3dm', 'crate.png', 'dots.png']);
    expect(withEncoder.files[1]!.bytes).toBe(png);
    expect(withEncoder.files[2]!.bytes).toBe(encoded);
    const file = readT3dm(withEncoder.files[0]!.bytes);
    const paths = file.chunks.flatMap((c) =>
      c.kind === 'material'
        ? [
            new TextDecoder().decode(
              file.stringTable.subarray(c.textureA.texPath, file.stringTable.indexOf(0, c.textureA.texPath)),
            ),
          ]
        : [],
    );
    expect(paths).toEqual(['rom:/crate.sprite', 'rom:/dots.sprite']);
    const without = await adapterWrite(t3dmAdapter, scene, { baseName: 'm' });
    expect(without.files.map((f) => f.name)).toEqual(['m.t3dm', 'crate.png']);
    expect(without.diagnostics.map((d) => d.code)).toContain('t3dm/no-png-encoder');
  });

  it('takes the base scale as `baseScale` on write and read', async () => {
    const bytes = readFixture('t3dm', '03_objects', 'filesystem', 'box.t3dm');
    const { scene } = await adapterRead(t3dmAdapter, bytes, { fileName: 'box.t3dm' });
    const half = (await adapterWrite(t3dmAdapter, scene, { baseName: 'box', baseScale: 32 })).files[0]!.bytes;
    expect(readT3dm(half).header.aabbMax).toEqual(readT3dm(bytes).header.aabbMax.map((v) => v / 2));
    const again = await adapterRead(t3dmAdapter, half, { fileName: 'box.t3dm', baseScale: 32 });
    expect(Array.from(again.scene.meshes[0]!.primitives[0]!.attributes.POSITION.array)).toEqual(
      Array.from(scene.meshes[0]!.primitives[0]!.attributes.POSITION.array),
    );
  });

  it('lists every chunk with offset and size', async () => {
    const bytes = readFixture('t3dm', '08_animation', 'filesystem', 'snake.t3dm');
    const info = await adapterInfo(t3dmAdapter, bytes);
    expect(info.version).toBe('4');
    expect(info.sections.map((s) => s.name.split(' ')[0])).toEqual([
      'header',
      'chunk',
      'O',
      'A',
      'A',
      'A',
      'A',
      'A',
      'V',
      'I',
      'M',
      'S',
      'string',
    ]);
    const last = info.sections[info.sections.length - 1]!;
    expect(last.offset + last.size).toBe(bytes.length);
    for (let i = 1; i < info.sections.length; i++)
      expect(info.sections[i]!.offset).toBeGreaterThanOrEqual(
        info.sections[i - 1]!.offset + info.sections[i - 1]!.size,
      );
  });
});

describe('t3dmAdapter: texture paths from the file', () => {
  it('writes no PNG whose path cannot be a file name on every system, and warns; the materials keep their paths', async () => {
    const scene = createScene();
    const paths = ['rom:/CON.sprite', 'rom:/tex/mdl:b.sprite', 'rom:/../up.sprite', 'rom:/ok/fine.sprite'];
    const image = (name?: string) => ({
      kind: 'rgba8' as const,
      ...(name ? { name } : {}),
      width: 2,
      height: 2,
      pixels: new Uint8Array(16),
    });
    scene.images.push(...paths.map(() => image()), image('nul'));
    scene.samplers.push({});
    scene.textures.push(...scene.images.map((_, i) => ({ image: i, sampler: 0 })));
    scene.materials.push(
      ...paths.map((path, i) =>
        createMaterial({
          name: `n64 ${i}`,
          baseColorTexture: { texture: i, texCoord: 0 },
          extras: { n64: n64MaterialExtras(n64TextureSlot(2, path), n64TextureSlot(2)) },
        }),
      ),
      // A plain material's image named like a Windows device: the writer makes its own name, `nul_`.
      createMaterial({ name: 'plain', baseColorTexture: { texture: paths.length, texCoord: 0 } }),
    );
    scene.meshes.push({ primitives: scene.materials.map((_, i) => triangle(i)) });
    scene.nodes.push({ name: 'n', mesh: 0, children: [] });
    scene.roots.push(0);
    const { files, diagnostics } = await adapterWrite(t3dmAdapter, scene, {
      baseName: 'm',
      encodePng: () => Uint8Array.of(1),
    });
    expect(files.map((f) => f.name)).toEqual(['m.t3dm', 'ok/fine.png', 'nul_.png']);
    const unsafe = diagnostics.filter((d) => d.code === 't3dm/texture-name-unsafe').map((d) => d.message);
    expect(unsafe).toHaveLength(3);
    expect(unsafe[0]).toMatch(
      /^material "n64 0": texture CON\.png: the name "CON\.png" is the Windows device CON, not a file/,
    );
    expect(unsafe[1]).toMatch(/^material "n64 1": texture tex\/mdl:b\.png: the name "mdl:b\.png" contains ":"/);
    expect(unsafe[2]).toMatch(
      /^material "n64 2": texture \.\.\/up\.png: the name "\.\." is "\.\." \(the parent folder\)/,
    );
    const file = readT3dm(files[0]!.bytes);
    const stored = file.chunks.flatMap((c) =>
      c.kind === 'material'
        ? [
            new TextDecoder().decode(
              file.stringTable.subarray(c.textureA.texPath, file.stringTable.indexOf(0, c.textureA.texPath)),
            ),
          ]
        : [],
    );
    expect(stored).toEqual([...paths, 'rom:/nul_.sprite']);
  });
});

describe('t3dmAdapter: fast64 texture names', () => {
  /** A PNG's signature and IHDR (all the lookup reads: the size). */
  const pngHeader = (width: number, height: number) => {
    const bytes = new Uint8Array(33);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(bytes.buffer).setUint32(16, width);
    new DataView(bytes.buffer).setUint32(20, height);
    return bytes;
  };
  const fast64 = (name: string, texture: string, index: number) => {
    const material = createMaterial({ name, baseColorTexture: { texture: index, texCoord: 0 } });
    const axis = { clamp: 0, mirror: 0, low: 0, high: 7, mask: 3, shift: 0 };
    material.extras = {
      f3d_mat: {
        combiner1: { A: 1, B: 8, C: 4, D: 7, A_alpha: 7, B_alpha: 7, C_alpha: 7, D_alpha: 1 },
        tex0: { tex_set: true, tex: { name: texture, type: 'Image' }, S: axis, T: axis },
      },
    };
    return material;
  };

  it('writes a texture found on disk under its own name, and one found nowhere only when its name is portable', async () => {
    const scene = createScene();
    const names = ['textures/aux.png', 'nul.png', 'fine.png'];
    for (const [i, name] of names.entries()) {
      scene.images.push({ kind: 'rgba8', name, width: 2, height: 2, pixels: new Uint8Array(16) });
      scene.textures.push({ image: i, sampler: 0 });
      scene.materials.push(fast64(`m${i}`, name, i));
    }
    scene.samplers.push({});
    scene.meshes.push({ primitives: names.map((_, i) => triangle(i)) });
    scene.nodes.push({ name: 'n', mesh: 0, children: [] });
    scene.roots.push(0);
    // Only the user's own textures/aux.png is on disk (a name Linux allows).
    const disk = new Map([['textures/aux.png', pngHeader(8, 8)]]);
    const sidecars = { list: async () => [...disk.keys()], read: async (n: string) => disk.get(n) };
    const codec = await t3dmAdapter.load();
    const { files, diagnostics } = await codec.write!(
      scene,
      { baseName: 'm', encodePng: () => Uint8Array.of(1), sidecars },
      {},
    );
    expect(files.map((f) => f.name)).toEqual(['m.t3dm', 'textures/aux.png', 'fine.png']);
    const unsafe = diagnostics.filter((d) => d.code === 't3dm/texture-name-unsafe');
    expect(unsafe.map((d) => d.message)).toEqual([
      expect.stringMatching(/^material "m1": texture nul\.png: the name "nul\.png" is the Windows device NUL/),
    ]);
  });

  describe('a texture found nowhere', () => {
    // found.png is on disk at 8×16; gone.png is nowhere but the glTF holds it (4×2); nul.png is nowhere and its
    // image is not written (no portable name); bare.png is nowhere and the material holds no image.
    const names = ['found.png', 'gone.png', 'nul.png', 'bare.png'];
    const scene = createScene();
    for (const [i, name] of names.entries()) {
      scene.images.push({ kind: 'rgba8', name, width: 4, height: 2, pixels: new Uint8Array(32) });
      scene.textures.push({ image: i, sampler: 0 });
      const material = fast64(`m${i}`, name, i);
      if (name === 'bare.png') delete material.baseColorTexture;
      scene.materials.push(material);
    }
    scene.samplers.push({});
    scene.meshes.push({ primitives: names.map((_, i) => triangle(i)) });
    scene.nodes.push({ name: 'n', mesh: 0, children: [] });
    scene.roots.push(0);
    const convert = async (disk: Map<string, Uint8Array>, options: { texturePngs?: boolean } = {}) => {
      const sidecars = { list: async () => [...disk.keys()], read: async (n: string) => disk.get(n) };
      return (await t3dmAdapter.load()).write!(scene, { baseName: 'm', encodePng, sidecars }, options);
    };
    const onDisk = () => new Map([['found.png', pngHeader(8, 16)]]);
    const sizes = (bytes: Uint8Array) =>
      readT3dm(bytes).chunks.flatMap((c) =>
        c.kind === 'material' ? [`${c.textureA.texWidth}×${c.textureA.texHeight}`] : [],
      );
    const notFound = (diagnostics: { code: string; message: string }[]) =>
      diagnostics.filter((d) => d.code === 't3dm/texture-not-found').map((d) => d.message);
    const zero = (m: number, name: string) =>
      expect.stringMatching(new RegExp(`^material "m${m}": texture "${name}" .* stored as 0×0, as tiny3d stores it`));

    it("takes the size of the glTF's own image written in its place; a second run, finding that image, writes the same file", async () => {
      const first = await convert(onDisk());
      expect(sizes(first.files[0]!.bytes)).toEqual(['8×16', '4×2', '0×0', '0×0']);
      expect(first.files.map((f) => f.name)).toEqual(['m.t3dm', 'found.png', 'gone.png']);
      expect(notFound(first.diagnostics)).toEqual([
        expect.stringMatching(
          /^material "m1": texture "gone\.png" .* written in its place as gone\.png and its size \(4×2\) stored/,
        ),
        zero(2, 'nul\\.png'),
        zero(3, 'bare\\.png'),
      ]);
      // As a run without -o leaves it: gone.png beside the model now.
      const disk = onDisk();
      disk.set('gone.png', first.files[2]!.bytes);
      const second = await convert(disk);
      expect(second.files[0]!.bytes).toEqual(first.files[0]!.bytes);
    });

    it('is stored 0×0, as tiny3d stores it, where no PNG is written (texturePngs: false, as gltf-to-t3d writes)', async () => {
      const { files, diagnostics } = await convert(onDisk(), { texturePngs: false });
      expect(files.map((f) => f.name)).toEqual(['m.t3dm']);
      expect(sizes(files[0]!.bytes)).toEqual(['8×16', '0×0', '0×0', '0×0']);
      expect(notFound(diagnostics)).toEqual([zero(1, 'gone\\.png'), zero(2, 'nul\\.png'), zero(3, 'bare\\.png')]);
    });
  });
});
