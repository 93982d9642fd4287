import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection, run once the app is built: loading and compiling the modules, migrating
 * and building the routes leave garbage that V8 would otherwise keep resident until load came, tens of MB
 * on an idle server. gc() is exposed to a context of its own for this one call, not to the server's code
 * and its dependencies, and the flag is cleared again so that no later context gets it.
 */
export function collectStartUpGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  gc();
}
