import { describe, expect, it } from 'vitest';
import { cleanSvg } from '../../src/media/svg.ts';
import * as images from '../fixtures/images.ts';

const cleaned = (body: string) => cleanSvg(images.svg(body))?.toString('utf8') ?? '';

// A drawing property is accepted the same way as an attribute and in CSS; these three were accepted in
// only one of the two ways before the lists became one.
const ONCE_ONE_WAY = ['clip', 'marker', 'font'];

describe('SVG drawing properties, as attributes and in CSS', () => {
  it.each(ONCE_ONE_WAY)('keeps %s both as an attribute and in a style', (property) => {
    const text = cleaned(
      `<style>.a { ${property}: inherit }</style><rect class="a" ${property}="inherit" style="${property}: inherit"/>`,
    );
    expect(text).toContain(`<style>.a{${property}:inherit}</style>`);
    expect(text).toContain(`<rect class="a" ${property}="inherit" style="${property}:inherit"/>`);
  });

  it.each(ONCE_ONE_WAY)('drops %s either way when its value would load something', (property) => {
    const value = 'url(http://127.0.0.1:9/x)';
    const text = cleaned(
      `<style>.a { ${property}: ${value} }</style><rect ${property}="${value}" style="${property}: ${value}"/>`,
    );
    expect(text).not.toContain('127.0.0.1');
    expect(text).toContain('<rect/>');
  });

  it('keeps a reference to an element of the drawing either way', () => {
    const text = cleaned('<rect marker="url(#m)" style="marker: url(#m)"/>');
    expect(text).toContain('<rect marker="url(#m)" style="marker:url(#m)"/>');
  });
});
