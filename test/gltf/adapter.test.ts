/*
 * The glTF adapter: detection by magic, reading a .gltf whose .bin/.png come from a sidecar source, writing
 * .glb by default and .gltf + .bin + .png with format 'gltf', and `info` sections whose offsets and sizes
 * point at the right bytes (checked against the GLB layout and by re-parsing each JSON member's bytes).
 */
import { gltfAdapter, sceneToGlb, sceneToGltf } from '@retromodel/gltf';
import type { FormatAdapter, SidecarSource } from '@retromodel/scene';
import { adapterInfo, adapterRead, adapterWrite, expectValidGlb, materialsScene } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { expectSceneClose } from './scene-compare.js';

const adapter: FormatAdapter = gltfAdapter;
const text = (s: string) => new TextEncoder().encode(s);

describe('gltfAdapter', () => {
  it('detects GLB magic and JSON objects, nothing else', async () => {
    const { bytes } = await sceneToGlb(materialsScene());
    expect(adapter.magic!(bytes)).toBe(true);
    expect(adapter.magic!(text('\ufeff \n {"asset":{}}'))).toBe(true);
    expect(adapter.magic!(text('[1]'))).toBe(false);
    expect(adapter.magic!(text('J3D2bmd3'))).toBe(false);
    expect(adapter.magic!(new Uint8Array())).toBe(false);
    expect(adapter.extensions).toEqual(['.glb', '.gltf']);
  });

  it('reads a .gltf with its .bin and images from sidecars and reports them as used', async () => {
    const scene = materialsScene();
    const { files } = await sceneToGltf(scene, { baseName: 'model' });
    const byName = new Map(files.slice(1).map((f) => [f.name, f.bytes]));
    const sidecars: SidecarSource = {
      list: () => [...byName.keys(), 'unrelated.txt'],
      read: (name) => byName.get(name),
    };
    const result = await adapterRead(adapter, files[0]!.bytes, { fileName: 'model.gltf', sidecars });
    expect(result.sidecarsUsed?.sort()).toEqual([...byName.keys()].sort());
    expectSceneClose(result.scene, scene);
  });

  it('writes .glb by default, .gltf + .bin + .png with format gltf, one .gltf with embed', async () => {
    const scene = materialsScene();
    const glb = await adapterWrite(adapter, scene, { baseName: 'out' });
    expect(glb.files.map((f) => f.name)).toEqual(['out.glb']);
    await expectValidGlb(glb.files[0]!.bytes, 'out.glb');
    const gltf = await adapterWrite(adapter, scene, { baseName: 'out', format: 'gltf' });
    // Images are named after the source's image names; the unnamed third by its index.
    expect(gltf.files.map((f) => f.name)).toEqual([
      'out.gltf',
      'out.bin',
      'out_checker.png',
      'out_encoded.png',
      'out_2.png',
    ]);
    const embedded = await adapterWrite(adapter, scene, { baseName: 'out', format: 'gltf', embed: true });
    expect(embedded.files.map((f) => f.name)).toEqual(['out.gltf']);
  });

  it('info lists the GLB header, its chunks and the JSON members at their offsets', async () => {
    const { bytes } = await sceneToGlb(materialsScene());
    const info = await adapterInfo(adapter, bytes, {});
    expect(info.format).toBe('glb');
    expect(info.version).toBe('2.0');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const jsonLength = view.getUint32(12, true);
    const byName = new Map(info.sections.map((s) => [s.name, s]));
    expect(byName.get('GLB header')).toMatchObject({ offset: 0, size: 12 });
    expect(byName.get('GLB JSON chunk')).toMatchObject({ offset: 12, size: jsonLength + 8 });
    expect(byName.get('GLB BIN chunk')).toMatchObject({
      offset: 20 + jsonLength,
      size: bytes.length - 20 - jsonLength,
    });
    const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
    const members = info.sections.filter((s) => s.name.startsWith('JSON '));
    expect(members.map((s) => s.name.slice(5)).sort()).toEqual(Object.keys(json).sort());
    for (const s of members) {
      const member = JSON.parse(`{${new TextDecoder().decode(bytes.subarray(s.offset, s.offset + s.size))}}`);
      expect(member[s.name.slice(5)]).toEqual(json[s.name.slice(5)]);
    }
    expect(byName.get('JSON nodes')?.detail).toBe(`${json.nodes.length} items`);
  });

  it('info on a .gltf lists its JSON members', async () => {
    const { files } = await sceneToGltf(materialsScene(), { baseName: 'm' });
    const info = await adapterInfo(adapter, files[0]!.bytes, {});
    expect(info.format).toBe('gltf');
    expect(info.sections.map((s) => s.name)).toContain('JSON accessors');
  });
});
