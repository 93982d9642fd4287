import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import decodeQR from 'qr/decode.js';
import { QrCode } from './qr-code';

const SCALE = 4;

/** Paints the drawn SVG (its background and its unit squares) into an RGBA image, as a camera would see it. */
function rasterise(svg: SVGElement) {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const side = size * SCALE;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  const path = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < SCALE; dy++) {
      for (let dx = 0; dx < SCALE; dx++) {
        const offset = ((Number(y) * SCALE + dy) * side + Number(x) * SCALE + dx) * 4;
        data.set([0, 0, 0, 255], offset);
      }
    }
  }
  return { width: side, height: side, data };
}

describe('QR code of the authenticator URI', () => {
  it('draws a code that reads back as the URI, with its name for screen readers', () => {
    const uri =
      'otpauth://totp/Bursary:grace?issuer=Bursary&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';
    render(<QrCode text={uri} label="QR code to add Bursary to your authenticator app" />);
    const svg = screen.getByRole('img', { name: 'QR code to add Bursary to your authenticator app' });
    expect(decodeQR(rasterise(svg as unknown as SVGElement))).toBe(uri);
  });
});
