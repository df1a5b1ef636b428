/*
 * The plugin's small pieces on their own: import-form queries (with the parameters bundlers add), the default
 * include pattern, URL joining, emitted file names (always inside the assets folder), the Vite dev store and
 * its middleware, and the sidecar → model index.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defaultInclude } from 'unplugin-retromodel';
import { describe, expect, it } from 'vitest';
import { groupFileNames, hashedFileName, joinUrl } from '../../plugins/unplugin/src/core/asset-names.js';
import { createDevAssets } from '../../plugins/unplugin/src/core/dev-assets.js';
import { parseModelId } from '../../plugins/unplugin/src/core/query.js';
import { createSidecarIndex } from '../../plugins/unplugin/src/core/sidecar-index.js';

describe('parseModelId', () => {
  it('reads the form from the query and ignores parameters bundlers add', () => {
    expect(parseModelId('/m/link.bdl', 'glb')).toEqual({ file: '/m/link.bdl', form: 'glb' });
    expect(parseModelId('/m/link.bdl', 'scene')).toEqual({ file: '/m/link.bdl', form: 'scene' });
    expect(parseModelId('/m/link.bdl?gltf', 'glb')).toEqual({ file: '/m/link.bdl', form: 'gltf' });
    expect(parseModelId('/m/link.bdl?import&t=1700000000', 'glb')).toEqual({ file: '/m/link.bdl', form: 'glb' });
    expect(parseModelId('/m/link.bdl?t3dm&import', 'glb')).toEqual({ file: '/m/link.bdl', form: 't3dm' });
    expect(parseModelId('/m/link.bdl?inline#x', 'glb')).toEqual({ file: '/m/link.bdl', form: 'inline' });
  });

  it('refuses two forms at once, naming the file', () => {
    expect(() => parseModelId('/m/link.bdl?glb&scene', 'glb')).toThrow(
      /\/m\/link\.bdl: .*several forms.*\?glb, \?scene/,
    );
  });
});

describe('defaultInclude', () => {
  it('matches the model extensions in any case and nothing else', () => {
    for (const name of ['a.bmd', 'a.BDL', 'a.bti', 'a.tmd', 'a.t3dm', 'a.glb', 'a.gltf'])
      expect(defaultInclude.test(name), name).toBe(true);
    for (const name of ['a.bck', 'a.png', 'a.bin', 'a.sdata', 'a.gltf.js', 'bdl'])
      expect(defaultInclude.test(name), name).toBe(false);
  });
});

describe('joinUrl', () => {
  it('joins with single slashes and keeps the first part’s scheme or leading slash', () => {
    expect(joinUrl('/', 'assets', 'a.glb')).toBe('/assets/a.glb');
    expect(joinUrl('https://cdn.example/x/', '/assets/', 'a.glb')).toBe('https://cdn.example/x/assets/a.glb');
    expect(joinUrl('', 'a.glb')).toBe('a.glb');
    expect(joinUrl('./', 'assets/a.glb')).toBe('./assets/a.glb');
  });
});

/** Runs the dev middleware on a fake request; returns what it sent or that it passed the request on. */
function request(assets: ReturnType<typeof createDevAssets>, url: string, method = 'GET') {
  const headers: Record<string, string> = {};
  let body: Uint8Array | undefined;
  let passed = false;
  const res = {
    statusCode: 0,
    setHeader: (k: string, v: string) => void (headers[k.toLowerCase()] = v),
    end: (b?: Uint8Array) => void (body = b),
  };
  assets.middleware({ url, method } as IncomingMessage, res as unknown as ServerResponse, () => void (passed = true));
  return { passed, status: res.statusCode, headers, body };
}

describe('emitted file names', () => {
  const file = (name: string) => ({ name, bytes: new Uint8Array([1, 2, 3]) });

  it('lie in the assets folder, under a hash', () => {
    expect(hashedFileName('assets', file('cube.glb'))).toMatch(/^assets\/cube-[0-9a-f]{8}\.glb$/);
    expect(hashedFileName('', file('cube.glb'))).toMatch(/^cube-[0-9a-f]{8}\.glb$/);
    const group = groupFileNames('static/models/', [file('m.t3dm'), file('m.0.sdata'), file('tex.png')]);
    expect(group).toHaveLength(3);
    for (const name of group) expect(name).toMatch(/^static\/models\/m-[0-9a-f]{8}\/[^/]+$/);
    // A writer's sidecar in a sub-folder (a T3DM's `rom:/env/x.sprite` texture) stays in it, inside the group.
    expect(groupFileNames('assets', [file('m.t3dm'), file('env/x.png')])[1]).toMatch(
      /^assets\/m-[0-9a-f]{8}\/env\/x\.png$/,
    );
  });

  it('refuse a name from a model that would leave the assets folder or is no file name', () => {
    for (const name of ['../../evil.png', 'env/../../x.png', '/etc/x.png', '..', '', 'C:x.png', 'x\u0000.png'])
      expect(() => groupFileNames('assets', [file('m.t3dm'), file(name)]), name).toThrow(/cannot be written below/);
    expect(() => hashedFileName('assets', file('../up.glb'))).toThrow(/cannot be written below assets/);
  });
});

describe('dev assets', () => {
  const glb = { name: 'cube.glb', bytes: Uint8Array.from([1, 2, 3]) };

  it('serves stored files under the base and drops a model’s previous conversion', () => {
    const assets = createDevAssets();
    const [url] = assets.put('/m/cube.glb?glb', [glb], '/app/');
    expect(url).toMatch(/^\/app\/@retromodel\/[0-9a-f]{8}\/cube\.glb$/);
    const hit = request(assets, `${url}?t=1`);
    expect(hit).toMatchObject({ passed: false, status: 200, body: glb.bytes });
    expect(hit.headers['content-type']).toBe('model/gltf-binary');
    expect(request(assets, url!, 'HEAD').body).toBeUndefined();
    expect(request(assets, url!, 'POST').passed).toBe(true);

    const [next] = assets.put('/m/cube.glb?glb', [{ ...glb, bytes: Uint8Array.from([4]) }], '/app/');
    expect(next).not.toBe(url);
    expect(request(assets, url!).passed).toBe(true);
    expect(request(assets, next!).body).toEqual(Uint8Array.from([4]));
    expect(request(assets, '/app/@retromodel/0000000/cube.glb').passed).toBe(true);
  });

  it('keeps the files of a group under one hash, named as written', () => {
    const assets = createDevAssets();
    const urls = assets.put(
      '/m/ship.t3dm?t3dm',
      [
        { name: 'ship.t3dm', bytes: Uint8Array.from([1]) },
        { name: 'ship.sdata', bytes: Uint8Array.from([2]) },
      ],
      '/',
    );
    const folders = urls.map((u) => u.split('/').slice(0, -1).join('/'));
    expect(folders[0]).toBe(folders[1]);
    expect(urls.map((u) => u.split('/').pop())).toEqual(['ship.t3dm', 'ship.sdata']);
  });
});

describe('sidecar index', () => {
  it('maps a sidecar to the models whose latest conversion read it', () => {
    const index = createSidecarIndex();
    index.record('/m/link.bdl', ['/m/walk.bck', '/m/run.bck']);
    index.record('/m/zelda.bdl', ['/m/walk.bck']);
    expect(index.modelsUsing('/m/walk.bck').sort()).toEqual(['/m/link.bdl', '/m/zelda.bdl']);
    index.record('/m/link.bdl', ['/m/run.bck']);
    expect(index.modelsUsing('/m/walk.bck')).toEqual(['/m/zelda.bdl']);
    index.record('C:\\m\\dino.tmd', ['C:\\m\\dino.tkl']);
    expect(index.modelsUsing('C:/m/dino.tkl')).toEqual(['C:/m/dino.tmd']);
    expect(index.modelsUsing('/m/other.png')).toEqual([]);
  });
});
