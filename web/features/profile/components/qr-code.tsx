import { encode } from 'uqr';

/**
 * A QR code drawn in the browser from the text it carries, as SVG squares (no markup from
 * elsewhere is inserted). Loaded lazily: only the two-factor set-up needs the encoder.
 */
export default function QrCode({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width={192} height={192} shapeRendering="crispEdges" className="rounded-md bg-white">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
