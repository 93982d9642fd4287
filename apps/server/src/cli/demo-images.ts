import { encodePng, type Rgb } from '@bursary/shared/png';

/** Sample images drawn in code, so the demo needs no binary files. */

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as Rgb;

/** A wide banner: a diagonal gradient with a soft sun. */
export function bannerPng(from: Rgb, to: Rgb, width = 320, height = 140): Buffer {
  const sun: Rgb = [255, 236, 170];
  return encodePng(width, height, (x, y) => {
    const base = mix(from, to, (x / width + y / height) / 2);
    const d = Math.hypot(x - width * 0.78, y - height * 0.35) / (height * 0.28);
    return d < 1 ? mix(sun, base, d * d) : base;
  });
}

/** A square portrait placeholder: a head-and-shoulders silhouette on a coloured ground. */
export function portraitPng(ground: Rgb, size = 96): Buffer {
  const figure: Rgb = [250, 250, 250];
  return encodePng(size, size, (x, y) => {
    const head = Math.hypot(x - size / 2, y - size * 0.38) < size * 0.18;
    const shoulders = y > size * 0.62 && Math.hypot((x - size / 2) / 1.6, y - size) < size * 0.36;
    return head || shoulders ? figure : mix(ground, [255, 255, 255], y / size / 3);
  });
}

/** A university crest as SVG: a shield in the university's colour with its initials. */
export function crestSvg(initials: string, colour: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 140" width="120" height="140">
  <path d="M10 10 H110 V70 C110 105 85 125 60 135 C35 125 10 105 10 70 Z" fill="${colour}" stroke="#1f2937" stroke-width="4"/>
  <path d="M30 40 H90" stroke="#ffffff" stroke-width="6"/>
  <text x="60" y="92" font-family="serif" font-size="34" font-weight="bold" fill="#ffffff" text-anchor="middle">${initials}</text>
</svg>`);
}
