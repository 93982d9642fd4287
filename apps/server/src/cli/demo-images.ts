import { loadSharp } from '../media/sharp.ts';

/**
 * Sample images drawn in code, so the demo needs no binary files: each is an SVG scene rendered by sharp (the
 * library that makes the variants), large enough for every width the website asks for (up to 1920 px
 * wide, and 960 px for a portrait shown at a third of the page on a high-density phone).
 */

/** The banners' size: the widest variant, at the hero's proportions. */
export const BANNER = { width: 1920, height: 840 } as const;
/** The portraits' side: shown small, but on a screen with three pixels to the point. */
export const PORTRAIT_SIZE = 960;

/** A banner's colours: the sky's top and horizon, and the hills' near and far shades. */
export interface BannerColours {
  from: string;
  to: string;
  near: string;
  far: string;
}

/**
 * An SVG rendered at its own size (sharp reads it at 72 dpi: one SVG unit of width, one pixel): a JPEG for a scene
 * with gradients across it, a PNG for flat shapes (each row of the portrait's ground is one colour, which PNG packs
 * smaller than JPEG does).
 */
async function rendered(svg: string, format: 'jpeg' | 'png'): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(svg), {});
  return (format === 'jpeg' ? image.jpeg({ quality: 90 }) : image.png()).toBuffer();
}

/** A wide banner: a sky shading to its horizon, a low sun, and two rows of rolling hills. */
export function bannerSvg({ from, to, near, far }: BannerColours, { width, height } = BANNER): string {
  const hill = (base: number, amplitude: number, phase: number) => {
    const points: string[] = [];
    for (let x = 0; x <= width; x += width / 48) {
      const y = base + Math.sin((x / width) * Math.PI * 2.4 + phase) * amplitude;
      points.push(`${x.toFixed(0)},${y.toFixed(0)}`);
    }
    return `M0,${height} L${points.join(' L')} L${width},${height} Z`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0.35" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="sun"><stop offset="0.55" stop-color="#fff3c4"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${width * 0.76}" cy="${height * 0.38}" r="${height * 0.22}" fill="url(#sun)"/>
  <path d="${hill(height * 0.66, height * 0.05, 0.6)}" fill="${far}"/>
  <path d="${hill(height * 0.8, height * 0.06, 2.1)}" fill="${near}"/>
</svg>`;
}

/** A square portrait placeholder: a head-and-shoulders silhouette on a coloured ground that lightens downwards. */
export function portraitSvg(ground: string, size = PORTRAIT_SIZE): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${ground}"/><stop offset="1" stop-color="${ground}" stop-opacity="0.55"/>
    </linearGradient>
  </defs>
  <rect width="100" height="100" fill="#ffffff"/>
  <rect width="100" height="100" fill="url(#ground)"/>
  <circle cx="50" cy="38" r="18" fill="#fafafa"/>
  <ellipse cx="50" cy="100" rx="44" ry="34" fill="#fafafa"/>
</svg>`;
}

export const bannerJpeg = (colours: BannerColours): Promise<Buffer> => rendered(bannerSvg(colours), 'jpeg');
export const portraitPng = (ground: string): Promise<Buffer> => rendered(portraitSvg(ground), 'png');

/** A university crest as SVG: a shield in the university's colour with its initials. */
export function crestSvg(initials: string, colour: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 140" width="120" height="140">
  <path d="M10 10 H110 V70 C110 105 85 125 60 135 C35 125 10 105 10 70 Z" fill="${colour}" stroke="#1f2937" stroke-width="4"/>
  <path d="M30 40 H90" stroke="#ffffff" stroke-width="6"/>
  <text x="60" y="92" font-family="serif" font-size="34" font-weight="bold" fill="#ffffff" text-anchor="middle">${initials}</text>
</svg>`);
}
