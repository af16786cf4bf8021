/** A flat, decorative outline of the Colosseum's arcades (original drawing, no network image). */
export function ColosseumArt({ className }: { className?: string }) {
  const arches = (y: number, h: number, count: number, width: number, offset: number) =>
    Array.from({ length: count }, (_, i) => {
      const x = offset + i * width;
      const w = width * 0.62;
      return <path key={`${y}-${i}`} d={`M${x} ${y + h}v-${h * 0.6}a${w / 2} ${w / 2} 0 0 1 ${w} 0v${h * 0.6}z`} />;
    });
  return (
    <svg
      viewBox="0 0 1200 300"
      className={className}
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMax meet"
    >
      <g fill="currentColor">
        <path d="M40 300V90q560-80 1120 0v210z" opacity="0.5" />
        <path d="M40 96q560-74 1120 0v10q-560-72-1120 0z" />
        <path d="M40 170h1120v8H40zM40 240h1120v8H40z" />
      </g>
      <g fill="#fff" opacity="0.55">
        {arches(110, 58, 20, 56, 52)}
        {arches(180, 58, 20, 56, 52)}
        {arches(248, 52, 20, 56, 52)}
      </g>
    </svg>
  );
}
