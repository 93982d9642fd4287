import { useMemo } from 'react';
import encodeQR from 'qr';

/** Scanners need a light margin of four modules around the code. */
const QUIET_ZONE = 4;

/** One path of unit squares, one per dark module: a small SVG, drawn here and sent nowhere. */
function modulesPath(modules: boolean[][]): string {
  const parts: string[] = [];
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return parts.join('');
}

/**
 * The QR code of `text`, built in the browser (no third-party service: the text holds a secret).
 * Dark on white in either theme, as authenticator apps read it best.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  // the matrix includes the quiet zone as light modules
  const modules = useMemo(() => encodeQR(text, 'raw', { ecc: 'medium', border: QUIET_ZONE }), [text]);
  const size = modules.length;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className={className}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={modulesPath(modules)} fill="#000" />
    </svg>
  );
}
