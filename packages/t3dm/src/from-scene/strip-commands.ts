/*
 * Strips (in cache slots) -> tiny3d strip commands (spec §6). A part draws up to four commands; each is DMA'd
 * into the cache slots (36 bytes each) above the highest slot it and the later commands read, so the room of a
 * command depends on that slot: `usableStripEntries(free) - 1` u16 entries, at most 255. Commands are filled
 * from the lowest slots up (the last command drawn reads the lowest slots); a strip that does not fit is cut at
 * an even triangle (so the rest keeps its winding) to fill the command.
 */
import { CACHE_SLOTS } from '../read/decode-triangles.js';
import { pushStripTriangles } from './stripify.js';

/** Usable u16 entries when `free` cache slots (36 bytes each) lie above the highest slot read. */
export function usableStripEntries(free: number): number {
  return free * 18 - (free % 2 !== 0 ? 4 : 0);
}

/** Most entries a strip command holds when the highest slot it and the later commands read is `highest`. */
function commandRoom(highest: number): number {
  return Math.min(255, usableStripEntries(CACHE_SLOTS - (highest + 1)) - 1);
}

/** Largest of `s[0 .. end)`. */
function maxOf(s: number[], end = s.length): number {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < end; i++) if (s[i]! > max) max = s[i]!;
  return max;
}

/** The strips with their highest slot, sorted by it (stable: an insertion sort, as the lists are short). */
function byHighestSlot(strips: number[][]): { s: number[]; max: number }[] {
  const out: { s: number[]; max: number }[] = [];
  for (const s of strips) {
    const entry = { s, max: maxOf(s) };
    let at = out.length;
    out.push(entry);
    while (at > 0 && out[at - 1]!.max > entry.max) {
      out[at] = out[at - 1]!;
      at--;
    }
    out[at] = entry;
  }
  return out;
}

/**
 * Fills up to four strip commands from the lowest slots up and returns them in draw order (highest slots
 * first). The triangles of the strips no command had room for are appended to `list` as u8 triangles (here
 * rather than returned: the planner's optimised code would meet a new array shape when the first part with
 * leftovers came, and be thrown away).
 */
export function packCommands(strips: number[][], list: number[]): number[][] {
  const pending = byHighestSlot(strips);
  let head = 0;
  const built: number[][] = [];
  let highest = -1;
  while (built.length < 4 && head < pending.length) {
    const command: number[] = [];
    for (;;) {
      const next = pending[head];
      if (!next) break;
      const top = Math.max(highest, next.max);
      if (command.length + next.s.length <= commandRoom(top)) {
        append(command, next.s, next.s.length);
        highest = top;
        head++;
        continue;
      }
      const cut = longestPrefix(next.s, command.length, highest);
      if (cut > 0) {
        append(command, next.s, cut + 2);
        highest = Math.max(highest, maxOf(next.s, cut + 2));
        next.s = next.s.slice(cut);
        next.max = maxOf(next.s);
      }
      break;
    }
    if (command.length === 0) break;
    built.push(command);
  }
  for (let i = head; i < pending.length; i++) pushStripTriangles(list, pending[i]!.s);
  return built.reverse();
}

/** Most triangles (an even count, at least 2) of `s` that fit after `used` entries of a command. */
function longestPrefix(s: number[], used: number, highest: number): number {
  let best = 0;
  let top = Math.max(highest, s[0]!, s[1]!);
  for (let k = 1; k + 2 < s.length; k++) {
    top = Math.max(top, s[k + 1]!);
    if (used + k + 2 > commandRoom(top)) break;
    if (k % 2 === 0) best = k;
  }
  return best;
}

/** Appends the first `count` entries of `strip`, its first carrying the restart bit unless it opens the command. */
function append(command: number[], strip: number[], count: number): void {
  command.push(strip[0]! | (command.length > 0 ? 0x8000 : 0));
  for (let i = 1; i < count; i++) command.push(strip[i]!);
}
