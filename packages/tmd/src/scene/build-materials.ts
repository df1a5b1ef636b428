/*
 * TMD material names to scene materials. A mesh names its material; the game looks the name up,
 * case-insensitively, in every loaded TML in load order (the first library that has it wins). Texture 0 of
 * the TML material is the diffuse texture; its id (not its position) selects a texture record. Textures use
 * wrap addressing; pixel rows are top-first, as glTF expects. Alpha mode follows the pixels: all opaque →
 * OPAQUE, only 0/255 → MASK, otherwise BLEND.
 */
import { ParseError } from '@retromodel/binary';
import { alphaModeOfPixels, createMaterial, type Diagnostic, type Scene } from '@retromodel/scene';
import type { TmlFile, TmlMaterial } from '../read-tml.js';
import { decodeTmlTexture } from '../texture/decode-tml-texture.js';
import { tmlStoredTexture } from '../texture/stored-tml-texture.js';

const shaders: Record<number, string> = { 0: 'skin', 1: 'terrain', 2: 'terrain decal', 3: 'system', 4: 'sprite' };

/** A material library and the name it was loaded under (for messages and extras). */
export interface NamedTml {
  name: string;
  file: TmlFile;
}

/** Resolves TMD material names to scene materials, decoding each texture once. */
export class MaterialResolver {
  private readonly byName = new Map<string, number>();
  private readonly textures = new Map<string, number | null>();
  private readonly missing: string[] = [];

  constructor(
    private readonly scene: Scene,
    private readonly tmls: NamedTml[],
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** The scene material for a TMD material name. */
  resolve(name: string): number {
    const key = name.toLowerCase();
    const known = this.byName.get(key);
    if (known !== undefined) return known;
    let found: { lib: NamedTml; index: number; material: TmlMaterial } | undefined;
    for (const lib of this.tmls) {
      const m = lib.file.materials.find((x) => x.name.toLowerCase() === key);
      if (m) {
        found = { lib, index: this.tmls.indexOf(lib), material: m };
        break;
      }
    }
    const material = createMaterial({ name });
    if (found) {
      const { lib, material: m } = found;
      material.extras = {
        toshi: {
          library: lib.name,
          flags: m.flags,
          shader: shaders[m.flags >> 12] ?? 'unknown',
          textureIds: m.textureIds,
        },
      };
      const diffuse = m.textureIds[0];
      const texture = diffuse === undefined ? null : this.texture(found.index, diffuse);
      if (texture !== null) {
        material.baseColorTexture = { texture, texCoord: 0 };
        const image = this.scene.images[this.scene.textures[texture]!.image]!;
        if (image.kind === 'rgba8') {
          material.alphaMode = alphaModeOfPixels(image.pixels);
          if (material.alphaMode === 'MASK') material.alphaCutoff = 0.5;
        }
      }
    } else this.missing.push(name);
    this.scene.materials.push(material);
    this.byName.set(key, this.scene.materials.length - 1);
    return this.scene.materials.length - 1;
  }

  private texture(libIndex: number, id: number): number | null {
    const key = `${libIndex}:${id}`;
    const cached = this.textures.get(key);
    if (cached !== undefined) return cached;
    const lib = this.tmls[libIndex]!;
    const record = lib.file.textures.find((t) => t.id === id);
    let result: number | null = null;
    if (!record) {
      this.diagnostics.push({
        code: 'tmd/texture-not-found',
        message: `${lib.name} has no texture with id ${id}`,
        severity: 'warning',
      });
    } else {
      try {
        const { width, height, pixels } = decodeTmlTexture(record);
        const stored = tmlStoredTexture(record, `${lib.name}#${id}`);
        if (this.scene.samplers.length === 0) {
          this.scene.samplers.push({
            wrapS: 'REPEAT',
            wrapT: 'REPEAT',
            magFilter: 'LINEAR',
            minFilter: 'LINEAR_MIPMAP_LINEAR',
          });
        }
        this.scene.images.push({
          kind: 'rgba8',
          name: `${lib.name}#${id}`,
          width,
          height,
          pixels,
          // As the library stores it, for `info`: the format by its Toshi or DDS name and the bytes stored.
          extras: { toshi: { format: record.format, formatName: stored.format, storedBytes: stored.storedBytes } },
        });
        this.scene.textures.push({ name: `${lib.name}#${id}`, image: this.scene.images.length - 1, sampler: 0 });
        result = this.scene.textures.length - 1;
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        this.diagnostics.push({
          code: 'tmd/texture-decode',
          message: `${lib.name} texture ${id}: ${e.message}`,
          severity: 'warning',
        });
      }
    }
    this.textures.set(key, result);
    return result;
  }

  /** Reports the names no library had (call once, after resolving). */
  report(): void {
    if (this.missing.length === 0) return;
    if (this.tmls.length === 0) {
      this.diagnostics.push({
        code: 'tmd/no-tml',
        message: `no material library (TML) given; materials ${this.missing.join(', ')} have no textures`,
        severity: 'warning',
      });
    } else {
      this.diagnostics.push({
        code: 'tmd/material-not-found',
        message: `material(s) ${this.missing.join(', ')} are in none of ${this.tmls.map((t) => t.name).join(', ')}`,
        severity: 'warning',
      });
    }
  }
}
