// What every chart shares: colours that keep 3:1 against the card (WCAG 1.4.11) and a pattern per
// series, so series differ by more than colour (the legend shows the same swatch).
import { useId } from 'react';

export const INK = 'hsl(20 14% 12%)';
export const GRID = 'hsl(30 10% 85%)';
export const AXIS = { fontSize: 12, fill: 'hsl(20 8% 30%)' };

/** Fills: solid, diagonal stripes, dots, cross-hatch, horizontal stripes, outlined (in this order). */
export type Fill = 'solid' | 'stripes' | 'dots' | 'cross' | 'lines' | 'open';

export interface Series {
  key: string;
  label: string;
  color: string;
  fill: Fill;
}

export const COLORS = {
  terracotta: 'hsl(14 53% 36%)',
  slate: 'hsl(215 25% 30%)',
  teal: 'hsl(174 60% 24%)',
  gold: 'hsl(38 80% 30%)',
  plum: 'hsl(300 30% 32%)',
  grey: 'hsl(20 8% 36%)',
};

/** A chart's patterns (ids unique to it: several charts share the page) and each series' fill. */
export function usePatterns(series: Series[]) {
  const base = useId().replace(/:/g, '');
  const fillOf = (s: Series) => (s.fill === 'solid' ? s.color : s.fill === 'open' ? 'white' : `url(#${base}-${s.key})`);
  const defs = (
    <defs>
      {series
        .filter((s) => s.fill !== 'solid' && s.fill !== 'open')
        .map((s) => (
          <pattern key={s.key} id={`${base}-${s.key}`} width="6" height="6" patternUnits="userSpaceOnUse">
            <rect width="6" height="6" fill="white" />
            {s.fill === 'stripes' && <path d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2" stroke={s.color} strokeWidth="2" />}
            {s.fill === 'dots' && <circle cx="3" cy="3" r="1.6" fill={s.color} />}
            {s.fill === 'cross' && <path d="M0,0 L6,6 M6,0 L0,6" stroke={s.color} strokeWidth="1.2" />}
            {s.fill === 'lines' && <path d="M0,3 H6" stroke={s.color} strokeWidth="2" />}
          </pattern>
        ))}
    </defs>
  );
  return { defs, fillOf };
}
