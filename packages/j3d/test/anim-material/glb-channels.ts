/*
 * The KHR_animation_pointer channels of a GLB, read from its JSON and BIN chunks directly (glTF 2.0 §4.4 GLB
 * layout; float accessors, tightly packed), and their value at a time as a glTF player computes LINEAR and STEP
 * samplers: for the material-animation tests, without the project's glTF reader.
 */

export interface GlbJson {
  extensionsUsed?: string[];
  extensionsRequired?: string[];
  materials: {
    name?: string;
    pbrMetallicRoughness?: {
      baseColorFactor?: number[];
      baseColorTexture?: { extensions?: { KHR_texture_transform?: Record<string, unknown> } };
    };
    emissiveFactor?: number[];
  }[];
  accessors: { bufferView: number; byteOffset?: number; count: number; type: string; componentType: number }[];
  bufferViews: { byteOffset?: number; byteLength: number }[];
  animations?: {
    name?: string;
    channels: {
      sampler: number;
      target: { node?: number; path: string; extensions?: { KHR_animation_pointer?: { pointer: string } } };
    }[];
    samplers: { input: number; output: number; interpolation?: string }[];
  }[];
}

const widths: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 };

/** The JSON and BIN chunks of a GLB. */
export function readGlbChunks(bytes: Uint8Array): { json: GlbJson; bin: Uint8Array } {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = v.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as GlbJson;
  const binAt = 20 + jsonLength;
  const bin =
    binAt + 8 <= bytes.length ? bytes.subarray(binAt + 8, binAt + 8 + v.getUint32(binAt, true)) : new Uint8Array();
  return { json, bin };
}

/** A pointer channel: key times (s), values per key, width, interpolation. */
export interface GlbPointerChannel {
  animation: string;
  pointer: string;
  input: number[];
  output: number[][];
  width: number;
  type: string;
  interpolation: string;
}

function floats(json: GlbJson, bin: Uint8Array, index: number): { values: number[]; width: number; type: string } {
  const a = json.accessors[index]!;
  if (a.componentType !== 5126) throw new Error(`accessor ${index} is not FLOAT`);
  const view = json.bufferViews[a.bufferView]!;
  const width = widths[a.type]!;
  const at = (view.byteOffset ?? 0) + (a.byteOffset ?? 0);
  const data = new DataView(bin.buffer, bin.byteOffset + at, a.count * width * 4);
  return {
    values: Array.from({ length: a.count * width }, (_, i) => data.getFloat32(i * 4, true)),
    width,
    type: a.type,
  };
}

/** Every KHR_animation_pointer channel of the GLB. */
export function pointerChannels(bytes: Uint8Array): GlbPointerChannel[] {
  const { json, bin } = readGlbChunks(bytes);
  return (json.animations ?? []).flatMap((anim) =>
    anim.channels.flatMap((ch) => {
      const pointer = ch.target.extensions?.KHR_animation_pointer?.pointer;
      if (pointer === undefined) return [];
      const sampler = anim.samplers[ch.sampler]!;
      const out = floats(json, bin, sampler.output);
      return [
        {
          animation: anim.name ?? '',
          pointer,
          input: floats(json, bin, sampler.input).values,
          output: Array.from({ length: out.values.length / out.width }, (_, k) =>
            out.values.slice(k * out.width, (k + 1) * out.width),
          ),
          width: out.width,
          type: out.type,
          interpolation: sampler.interpolation ?? 'LINEAR',
        },
      ];
    }),
  );
}

/** The channel's value at `t` seconds (LINEAR or STEP; held before the first key and after the last). */
export function valueAt(ch: GlbPointerChannel, t: number): number[] {
  const { input, output } = ch;
  if (t <= input[0]!) return output[0]!;
  const last = input.length - 1;
  if (t >= input[last]!) return output[last]!;
  const k = input.findIndex((time) => time > t);
  const f = (t - input[k - 1]!) / (input[k]! - input[k - 1]!);
  if (ch.interpolation === 'STEP') return output[k - 1]!;
  return output[k - 1]!.map((v, i) => v + (output[k]![i]! - v) * f);
}
