/*
 * Helpers for the Vite dev-server tests: a free port on 127.0.0.1, and a recorder of the hot-update payloads
 * the server sends to browsers (Vite sends them through the client environment's hot channel).
 */
import { createServer as createNetServer } from 'node:net';
import type { HotPayload, ViteDevServer } from 'vite';

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Records every payload the server sends to its browser clients from now on. */
export function recordHotPayloads(server: ViteDevServer): HotPayload[] {
  const payloads: HotPayload[] = [];
  const hot = server.environments.client.hot;
  const send = hot.send.bind(hot);
  hot.send = ((payload: HotPayload) => {
    payloads.push(payload);
    send(payload);
  }) as typeof hot.send;
  return payloads;
}
