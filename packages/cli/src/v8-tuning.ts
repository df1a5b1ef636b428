/*
 * The V8 flags bin/retromodel.cjs sets for the commands that convert, and V8's own flags lent back for a while.
 * V8 keeps compiled code only for the flags it was made with, Node's own modules included: Node compiles each
 * from the code cache built into it, made with V8's default flags, so a worker thread started after the flags
 * changed compiles Node's whole bootstrap (94 modules) from source, about as much again as the thread costs with
 * the cache (callgrind, all threads, 4 .glb -> .t3dm: --jobs 2 cost 1.74x --jobs 1). A pool's threads are started
 * with V8's own flags (withV8Defaults), and the tuning is set again before they are sent work, so they convert
 * with it, from the same code cache as before.
 */

/** What the bin gives the bundle: the flags it set, and the means to give V8 its own flags back and take them again. */
export interface V8Tuning {
  /** The flags set, as given to V8 (part of the compile cache's key). */
  flags: string;
  /** Sets V8's own values of those flags; false when V8 has other flags all the same (another V8's defaults). */
  untune(): boolean;
  /** Sets the flags again. */
  retune(): void;
}

/**
 * Runs `work` with V8's own flags, then sets `lent`'s again; where they cannot be given back, with `lent`'s (none:
 * the flags are V8's own, or the tsc output runs). Nothing compiled from the bundle's code cache may run
 * meanwhile: its code was made with the tuning.
 */
export async function withV8Defaults<T>(lent: V8Tuning | undefined, work: () => Promise<T>): Promise<T> {
  if (!lent) return work();
  if (!lent.untune()) {
    lent.retune();
    return work();
  }
  try {
    return await work();
  } finally {
    lent.retune();
  }
}
