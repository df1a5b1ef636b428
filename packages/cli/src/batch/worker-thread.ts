/* Entry of a batch's worker thread when the CLI runs from tsc's output (the bundle has convert-worker.cjs). */
import { parentPort } from 'node:worker_threads';
import { serveConvertJobs } from './convert-worker.js';
import { WORKER_READY } from './worker-ready.js';

serveConvertJobs();
parentPort?.postMessage(WORKER_READY);
