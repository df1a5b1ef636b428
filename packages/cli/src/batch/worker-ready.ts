/**
 * The message a batch's worker thread posts once it has started, before any outcome: the pool waits for it to
 * set the V8 flags of the conversions (v8-tuning.ts), and then sends the thread work.
 */
export const WORKER_READY = 'ready';
