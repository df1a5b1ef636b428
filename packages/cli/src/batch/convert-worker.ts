/*
 * Worker thread of a batch: converts the jobs it is sent, one at a time, and posts each outcome back with
 * the output bytes transferred (not copied) to the main thread. The thread's entry is worker-thread.ts (tsc's
 * output) or the bundle's convert-worker.cjs, which post WORKER_READY and call serveConvertJobs (the bundle's
 * when the first job comes, with a callback that writes the thread's compile cache after that job).
 */
import { parentPort } from 'node:worker_threads';
import { type ConvertJob, type ConvertOutcome, runConvertJob } from './convert-job.js';

/** The buffers of `outcome`'s files, each once; views into a larger buffer are copied out first. */
function transferList(outcome: ConvertOutcome): ArrayBuffer[] {
  if ('error' in outcome) return [];
  const buffers = new Set<ArrayBuffer>();
  for (const file of outcome.files) {
    const whole = file.bytes.byteOffset === 0 && file.bytes.byteLength === file.bytes.buffer.byteLength;
    if (!whole || !(file.bytes.buffer instanceof ArrayBuffer) || buffers.has(file.bytes.buffer)) {
      file.bytes = file.bytes.slice();
    }
    buffers.add(file.bytes.buffer as ArrayBuffer);
  }
  return [...buffers];
}

type JobMessage = { index: number; job: ConvertJob };

/**
 * Converts the jobs the main thread sends this worker thread, posting each outcome back, then calling `onJobDone`;
 * `first`: a job message received already.
 */
export function serveConvertJobs(onJobDone?: () => void, first?: JobMessage): void {
  const serve = async (message: JobMessage) => {
    const outcome = await runConvertJob(message.job);
    parentPort?.postMessage({ index: message.index, outcome }, transferList(outcome));
    onJobDone?.();
  };
  parentPort?.on('message', serve);
  if (first) void serve(first);
}
