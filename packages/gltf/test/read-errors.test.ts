/*
 * Bad files end in a ParseError naming the section and offset: the GLB container (glTF 2.0 spec, "GLB File
 * Format Specification"), the JSON, byte ranges of buffers, views and accessors, and content the validator
 * would reject. GLBs are assembled here byte by byte from the spec's layout.
 */
import { ParseError } from '@retromodel/binary';
import { describe, expect, it } from 'vitest';
import { gltfToScene } from '../src/index.js';

/** header (magic, 2, length) + JSON chunk (space-padded) + optional BIN chunk (zero-padded). */
function glb(json: unknown, bin?: Uint8Array, version = 2): Uint8Array {
  const text = new TextEncoder().encode(typeof json === 'string' ? json : JSON.stringify(json));
  const jsonLength = Math.ceil(text.length / 4) * 4;
  const binLength = bin ? Math.ceil(bin.length / 4) * 4 : 0;
  const total = 12 + 8 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, version, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(text, 20);
  if (bin) {
    view.setUint32(20 + jsonLength, binLength, true);
    view.setUint32(24 + jsonLength, 0x004e4942, true);
    out.set(bin, 28 + jsonLength);
  }
  return out;
}

/** One triangle: 3 float positions (36 bytes) + 3 u16 indices (6 bytes, padded to 8). */
function triangle() {
  const bin = new Uint8Array(44);
  new Float32Array(bin.buffer, 0, 9).set([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  new Uint16Array(bin.buffer, 36, 3).set([0, 1, 2]);
  const json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 } as Record<string, unknown>],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    buffers: [{ byteLength: 44 } as Record<string, unknown>],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 36 },
      { buffer: 0, byteOffset: 36, byteLength: 6 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] } as Record<
        string,
        unknown
      >,
      { bufferView: 1, componentType: 5123, count: 3, type: 'SCALAR' } as Record<string, unknown>,
    ],
  };
  return { json, bin };
}

async function parseError(bytes: Uint8Array, resources?: (uri: string) => Uint8Array | undefined): Promise<ParseError> {
  try {
    await gltfToScene(bytes, resources ? { resources } : {});
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('gltfToScene on bad input', () => {
  it('reads the hand-made triangle (the base of the cases below)', async () => {
    const { json, bin } = triangle();
    const { scene } = await gltfToScene(glb(json, bin));
    expect([...scene.meshes[0]!.primitives[0]!.indices!]).toEqual([0, 1, 2]);
  });

  it('checks the GLB header', async () => {
    const { json, bin } = triangle();
    const good = glb(json, bin);
    const short = await parseError(good.subarray(0, 8));
    expect([short.format, short.section, short.offset]).toEqual(['gltf', 'GLB header', 0]);
    expect((await parseError(glb(json, bin, 1))).offset).toBe(4);
    const truncated = await parseError(good.subarray(0, good.length - 4));
    expect([truncated.section, truncated.offset]).toEqual(['GLB header', 8]);
    expect(truncated.message).toMatch(/truncated/);
  });

  it('checks chunk order and lengths', async () => {
    const { json, bin } = triangle();
    const swapped = glb(json, bin);
    new DataView(swapped.buffer).setUint32(16, 0x004e4942, true);
    expect((await parseError(swapped)).message).toMatch(/first chunk must be JSON/);
    const long = glb(json, bin);
    new DataView(long.buffer).setUint32(12, 0x7fffffff, true);
    const e = await parseError(long);
    expect([e.section, e.offset]).toEqual(['GLB chunks', 12]);
  });

  it('reports JSON that does not parse, with an offset inside the JSON chunk', async () => {
    const e = await parseError(glb('{"asset": {"version": "2.0"}, oops}'));
    expect(e.section).toBe('JSON');
    expect(e.offset).toBe(20 + '{"asset": {"version": "2.0"}, '.length);
    expect((await parseError(new TextEncoder().encode('{"asset": {"version": "1.0"}}'))).message).toMatch(
      /version 1.0/,
    );
    expect((await parseError(new TextEncoder().encode('[1, 2]'))).message).toMatch(/not an object/);
  });

  it('rejects required extensions it cannot read, with what to do when there is something to say', async () => {
    const { json, bin } = triangle();
    const required = (name: string) => glb({ ...json, extensionsUsed: [name], extensionsRequired: [name] }, bin);
    expect((await parseError(required('EXT_lights_image_based'))).message).toMatch(
      /requires extension EXT_lights_image_based, which retromodel cannot read$/,
    );
    expect((await parseError(required('KHR_texture_basisu'))).message).toMatch(
      /KHR_texture_basisu: KTX2\/Basis Universal textures have no decoder here: export the model with PNG, JPEG or WebP/,
    );
  });

  it('checks byte ranges of buffers, buffer views and accessors before reading them', async () => {
    const a = triangle();
    a.json.buffers[0]!.byteLength = 400;
    const shortBin = await parseError(glb(a.json, a.bin));
    expect(shortBin.section).toBe('BIN');
    expect(shortBin.offset).toBe(20 + Math.ceil(JSON.stringify(a.json).length / 4) * 4 + 8);

    const b = triangle();
    b.json.bufferViews[1]!.byteLength = 40;
    expect((await parseError(glb(b.json, b.bin))).message).toMatch(/bufferViews\[1\] covers/);

    const c = triangle();
    c.json.accessors[0]!.count = 4;
    expect((await parseError(glb(c.json, c.bin))).message).toMatch(
      /accessors\[0\] needs 0x30 bytes of bufferView 0, which has 0x24/,
    );

    const d = triangle();
    d.json.accessors.push({ componentType: 5126, count: 2 ** 30, type: 'MAT4' });
    expect((await parseError(glb(d.json, d.bin))).message).toMatch(/no bufferView/);
  });

  it('asks for external buffers and says which file is missing', async () => {
    const { json, bin } = triangle();
    json.buffers[0]!.uri = 'tri%20angle.bin';
    const text = new TextEncoder().encode(JSON.stringify(json));
    expect((await parseError(text)).message).toMatch(/"tri angle.bin", which was not provided/);
    const { scene } = await gltfToScene(text, { resources: (uri) => (uri === 'tri angle.bin' ? bin : undefined) });
    expect(scene.meshes).toHaveLength(1);
  });

  it('rejects content the glTF validator would reject: indices out of range, non-unit rotations', async () => {
    const a = triangle();
    new Uint16Array(a.bin.buffer, 36, 3)[2] = 3;
    expect((await parseError(glb(a.json, a.bin))).message).toMatch(/index 3/);
    const b = triangle();
    b.json.nodes[0]!.rotation = [0, 0, 0, 2];
    expect((await parseError(glb(b.json, b.bin))).message).toMatch(/rotation quaternion/);
    const c = triangle();
    c.json.nodes[0]!.children = [5];
    expect((await parseError(glb(c.json, c.bin))).section).toBe('JSON');
  });

  it('rejects a float accessor holding NaN or an infinity, naming the first such element (ACCESSOR_INVALID_FLOAT)', async () => {
    // Each non-finite kind alone, at the first, a middle and the last of the 9 position values, and two at once.
    const cases: [Record<number, number>, string][] = [];
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      for (const at of [0, 4, 8]) cases.push([{ [at]: bad }, `element ${at} is ${bad}`]);
    cases.push([{ 7: Number.NEGATIVE_INFINITY, 5: Number.NaN }, 'element 5 is NaN']);
    for (const [values, says] of cases) {
      const t = triangle();
      const positions = new Float32Array(t.bin.buffer, 0, 9);
      for (const [at, value] of Object.entries(values)) positions[Number(at)] = value;
      const error = await parseError(glb(t.json, t.bin));
      expect(error.section).toBe('JSON');
      expect(error.message).toContain(`accessors[0] ${says}, not a finite number`);
    }
    // The largest and smallest finite floats are numbers like any other.
    const t = triangle();
    new Float32Array(t.bin.buffer, 0, 9).set([3.4028234663852886e38, -3.4028234663852886e38, 1e-45], 3);
    t.json.accessors[0]!.min = [-3.4028234663852886e38, -3.4028234663852886e38, 0];
    t.json.accessors[0]!.max = [3.4028234663852886e38, 1, 1e-45];
    expect((await gltfToScene(glb(t.json, t.bin))).scene.meshes).toHaveLength(1);
  });

  it('refuses an image over 8192 pixels a side by its header (the one image limit), in a buffer, a data URI or a file', async () => {
    // A PNG whose IHDR says 16384 × 2 (PNG spec: signature, IHDR, IDAT, IEND; CRCs are not what is tested) and a
    // JPEG whose SOF0 says 9000 wide (JPEG: SOI, an APP0 of 16 bytes, SOF0 with height then width, EOI).
    const chunk = (type: string, data: number[]) => [
      0,
      0,
      0,
      data.length,
      ...Array.from(type, (c) => c.charCodeAt(0)),
      ...data,
      0,
      0,
      0,
      0,
    ];
    const png = Uint8Array.from([
      ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      ...chunk('IHDR', [0, 0, 0x40, 0, 0, 0, 0, 2, 8, 6, 0, 0, 0]),
      ...chunk('IDAT', [0x78, 0x9c, 3, 0]),
      ...chunk('IEND', []),
    ]);
    const jpeg = Uint8Array.from([
      ...[0xff, 0xd8, 0xff, 0xe0, 0, 16, ...new Array(14).fill(0)],
      ...[0xff, 0xc0, 0, 17, 8, 0, 10, 0x23, 0x28, 3, ...new Array(9).fill(0)],
      ...[0xff, 0xd9],
    ]);
    const withImage = (image: Record<string, unknown>, bytes?: Uint8Array) => {
      const t = triangle();
      const json = t.json as Record<string, unknown>;
      json.images = [image];
      if (!bytes) return glb(json, t.bin);
      const bin = new Uint8Array(48 + bytes.length);
      bin.set(t.bin);
      bin.set(bytes, 48);
      (json.buffers as { byteLength: number }[])[0]!.byteLength = bin.length;
      (json.bufferViews as unknown[]).push({ buffer: 0, byteOffset: 48, byteLength: bytes.length });
      return glb(json, bin);
    };
    const dataUri = (type: string, bytes: Uint8Array) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
    const cases: [string, Uint8Array, ((uri: string) => Uint8Array | undefined)?][] = [
      ['a PNG in the buffer', withImage({ bufferView: 2, mimeType: 'image/png' }, png)],
      ['a PNG data URI', withImage({ uri: dataUri('image/png', png) })],
      ['a JPEG data URI', withImage({ uri: dataUri('image/jpeg', jpeg) })],
      ['a PNG file beside it', withImage({ uri: 'big.png' }), (uri) => (uri === 'big.png' ? png : undefined)],
    ];
    for (const [what, file, resources] of cases) {
      const error = await parseError(file, resources);
      expect(error.message, what).toMatch(
        /image 0 \(image\/(png|jpeg)\): the image is (16384×2|9000×10) pixels; images of 1 to 8192/,
      );
    }
  });
});
