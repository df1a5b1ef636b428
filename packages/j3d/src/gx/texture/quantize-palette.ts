/*
 * Palette quantisation for C4 (16 entries), C8 (256) and C14X2 (16384): one palette for every level of a
 * texture (spec j3d.md §11.3; palettes hold only the entries used, as the files do).
 *
 * Every pixel first becomes its nearest entry value in the palette's format (encode-palette.ts), so what is
 * counted is what the hardware can show. When no more distinct values occur than the palette holds, those
 * values are the palette (in ascending order) and the image is encoded exactly as far as the palette format
 * allows. Otherwise the distinct values (weighted by how many pixels use them) are clustered in a weighted
 * RGBA space, squared errors weighted R 3 : G 4 : B 2 : A 4 (a rough perceptual weighting: the eye is most
 * sensitive to green and least to blue): median cut (@retromodel/texture's quantize-median-cut.ts) gives the
 * starting clusters, k-means (its quantize-kmeans.ts) refines them for palettes of up to 256 entries, and each cluster's mean becomes an entry.
 * Pixels then take the entry nearest to them; for C14X2's 16384 entries, where a full nearest search would cost
 * too much, they take their median-cut cluster's entry (its boxes hold few values each by then).
 */

import { type ColorPoints, medianCut, nearestCentre, refineKMeans } from '@retromodel/texture';
import { paletteEntryEncoder, writePaletteEntries } from './encode-palette.js';
import type { GxPaletteFormat } from './formats.js';
import { decodePalette } from './palette.js';

/** The largest palette refined by k-means and searched for the nearest entry per colour. */
const KMEANS_MAX_ENTRIES = 256;
const KMEANS_ITERATIONS = 12;
const channelScale = [3, 4, 2, 4].map((w) => Math.sqrt(w / 4));

/** A palette and how to index it. */
export interface QuantizedPalette {
  /** Entry values in the palette format, at most the requested count. */
  entries: Uint16Array;
  /** The palette index of each entry value the pixels encode to (65536 slots; only those values are set). */
  indexOfValue: Uint16Array;
}

/** Scaled RGBA coordinates of entry values as the decoder shows them. */
function pointsOf(format: GxPaletteFormat, values: ArrayLike<number>): Float64Array {
  const rgba = new Uint8Array(decodePalette(format, writePaletteEntries(values)).buffer);
  return Float64Array.from(rgba, (v, i) => v * channelScale[i & 3]!);
}

/** Builds a palette of at most `maxEntries` entries in `format` for the pixels of every image (RGBA8). */
export function quantizePalette(images: Uint8Array[], format: GxPaletteFormat, maxEntries: number): QuantizedPalette {
  const encodeEntry = paletteEntryEncoder(format);
  const histogram = new Uint32Array(0x10000);
  for (const rgba of images) {
    for (let at = 0; at < rgba.length; at += 4) {
      const value = encodeEntry(rgba[at]!, rgba[at + 1]!, rgba[at + 2]!, rgba[at + 3]!);
      histogram[value] = histogram[value]! + 1;
    }
  }
  const values: number[] = [];
  histogram.forEach((n, value) => {
    if (n > 0) values.push(value);
  });
  const indexOfValue = new Uint16Array(0x10000);
  if (values.length <= maxEntries) {
    values.forEach((value, i) => {
      indexOfValue[value] = i;
    });
    return { entries: Uint16Array.from(values), indexOfValue };
  }

  const points: ColorPoints = {
    coords: pointsOf(format, values),
    weights: Float64Array.from(values, (value) => histogram[value]!),
  };
  const boxes = medianCut(points, maxEntries);
  const refine = maxEntries <= KMEANS_MAX_ENTRIES;
  if (refine) refineKMeans(points, boxes.centres, boxes.count, boxes.assignment, KMEANS_ITERATIONS);

  // Each cluster that holds pixels gives an entry (clusters whose means encode alike share one).
  const used = new Uint8Array(boxes.count);
  for (const c of boxes.assignment) used[c] = 1;
  const entryOfValue = new Map<number, number>();
  const entryOfCluster = new Uint32Array(boxes.count);
  for (let c = 0; c < boxes.count; c++) {
    if (!used[c]) continue;
    const channel = (k: number) => Math.min(255, Math.max(0, Math.round(boxes.centres[c * 4 + k]! / channelScale[k]!)));
    const value = encodeEntry(channel(0), channel(1), channel(2), channel(3));
    if (!entryOfValue.has(value)) entryOfValue.set(value, entryOfValue.size);
    entryOfCluster[c] = entryOfValue.get(value)!;
  }
  const entries = Uint16Array.from(entryOfValue.keys());
  const entryPoints = refine ? pointsOf(format, entries) : undefined;
  values.forEach((value, p) => {
    indexOfValue[value] = entryPoints
      ? nearestCentre(points.coords, p, entryPoints, entries.length)
      : entryOfCluster[boxes.assignment[p]!]!;
  });
  return { entries, indexOfValue };
}
