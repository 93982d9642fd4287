import { readFileSync } from 'node:fs';

/**
 * The Node options `npm start` gives the server (package.json's start script, e.g. its heap
 * sizing): the bench measures the server as it is started, not a bare `node src/server.ts`.
 */
export function startScriptNodeFlags(packageJson: string): string[] {
  const { scripts } = JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts?: { start?: string } };
  const words = (scripts?.start ?? '').split(/\s+/).filter(Boolean);
  if (words[0] !== 'node')
    throw new Error(`the start script is not a plain node command: ${scripts?.start ?? '(none)'}`);
  return words.slice(1).filter((word) => word.startsWith('--'));
}
