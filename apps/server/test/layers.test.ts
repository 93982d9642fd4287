import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = join(import.meta.dirname, '..');
const layers = JSON.parse(readFileSync(join(serverDir, 'layers.json'), 'utf8')) as [string, string][];
const readme = readFileSync(join(serverDir, 'src', 'README.md'), 'utf8');

/** The README's list: the indented lines of "folder  description", in the order they stand. */
function readmeLayers(): [string, string][] {
  return readme
    .split('\n')
    .map((line) => /^ {4}(\S+) {2,}(\S.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => [match[1] ?? '', match[2] ?? '']);
}

describe('the server layers', () => {
  it('are listed in the README in the order and with the words of layers.json', () => {
    expect(readmeLayers()).toEqual(layers);
  });

  it('give every folder of src a place, and name only folders that exist', () => {
    const folders = readdirSync(join(serverDir, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(layers.map(([folder]) => folder).sort()).toEqual([...folders].sort());
    for (const [folder] of layers) expect(readdirSync(join(serverDir, 'src', folder)).length).toBeGreaterThan(0);
  });
});
