/* Entry of a batch's worker thread when the CLI runs from tsc's output (the bundle has convert-worker.cjs). */
import { serveConvertJobs } from './convert-worker.js';

serveConvertJobs();
