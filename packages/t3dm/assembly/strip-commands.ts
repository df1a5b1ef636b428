/*
 * Strips (in cache slots) -> tiny3d strip commands (spec §6). A part draws up to four commands; each is DMA'd
 * into the cache slots (36 bytes each) above the highest slot it and the later commands read, so the room of a
 * command depends on that slot: `usableStripEntries(free) - 1` u16 entries, at most 255. Commands are filled
 * from the lowest slots up (the last command drawn reads the lowest slots); a strip that does not fit is cut at
 * an even triangle (so the rest keeps its winding) to fill the command.
 */

import { put, putRef } from './list-store';
import { pushStripTriangles } from './stripify';
import { unfilledRefs } from './unfilled';

const CACHE_SLOTS: i32 = 70;

/**
 * Usable u16 entries when `free` cache slots lie above the highest slot read (the writer's runtime check,
 * src/read/runtime-constraints.ts, holds every command to it).
 */
function usableStripEntries(free: i32): i32 {
  return free * 18 - (free % 2 !== 0 ? 4 : 0);
}

/** Most entries a strip command holds when the highest slot it and the later commands read is `highest`. */
function commandRoom(highest: i32): i32 {
  return min(255, usableStripEntries(CACHE_SLOTS - (highest + 1)) - 1);
}

/** Largest of `s[0 .. end)`. */
function maxOf(s: i32[], end: i32): i32 {
  let largest = i32.MIN_VALUE;
  for (let i = 0; i < end; i++) if (s[i] > largest) largest = s[i];
  return largest;
}

/** A strip waiting for a command, with its highest slot. */
class Pending {
  constructor(
    public s: i32[],
    public max: i32,
  ) {}
}

/** The strips with their highest slot, sorted by it (stable: an insertion sort, as the lists are short). */
function byHighestSlot(strips: i32[][]): Pending[] {
  const out = unfilledRefs<Pending>(strips.length);
  for (let i = 0; i < strips.length; i++) {
    const entry = new Pending(strips[i], maxOf(strips[i], strips[i].length));
    let at = i;
    while (at > 0 && out[at - 1].max > entry.max) {
      putRef(out, at, out[at - 1]);
      at--;
    }
    putRef(out, at, entry);
  }
  return out;
}

/**
 * Fills up to four strip commands from the lowest slots up and returns them in draw order (highest slots
 * first). The triangles of the strips no command had room for are appended to `list` as u8 triangles.
 */
export function packCommands(strips: i32[][], list: i32[]): i32[][] {
  const pending = byHighestSlot(strips);
  let head = 0;
  const built: i32[][] = [];
  let highest = -1;
  while (built.length < 4 && head < pending.length) {
    const command: i32[] = [];
    while (head < pending.length) {
      const next = pending[head];
      const top = max(highest, next.max);
      if (command.length + next.s.length <= commandRoom(top)) {
        append(command, next.s, next.s.length);
        highest = top;
        head++;
        continue;
      }
      const cut = longestPrefix(next.s, command.length, highest);
      if (cut > 0) {
        append(command, next.s, cut + 2);
        highest = max(highest, maxOf(next.s, cut + 2));
        next.s = next.s.slice(cut);
        next.max = maxOf(next.s, next.s.length);
      }
      break;
    }
    if (command.length === 0) break;
    built.push(command);
  }
  for (let i = head; i < pending.length; i++) pushStripTriangles(list, pending[i].s);
  return built.reverse();
}

/** Most triangles (an even count, at least 2) of `s` that fit after `used` entries of a command. */
function longestPrefix(s: i32[], used: i32, highest: i32): i32 {
  let best = 0;
  let top = max(highest, max(s[0], s[1]));
  for (let k = 1; k + 2 < s.length; k++) {
    top = max(top, s[k + 1]);
    if (used + k + 2 > commandRoom(top)) break;
    if (k % 2 === 0) best = k;
  }
  return best;
}

/** Appends the first `count` entries of `strip`, its first carrying the restart bit unless it opens the command. */
function append(command: i32[], strip: i32[], count: i32): void {
  // Grown to its new length once, then stored into (Array#push checks the capacity and may grow at each entry).
  const at = command.length;
  command.length = at + count;
  put(command, at, strip[0] | (at > 0 ? 0x8000 : 0));
  for (let i = 1; i < count; i++) put(command, at + i, strip[i]);
}
