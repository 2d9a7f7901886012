import type { CSSProperties } from 'react';

/** Where a virtualized row stands: laid over its list at its offset (the list is as tall as every row together). */
export const virtualRowStyle = (start: number, size: number): CSSProperties => ({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  height: size,
  transform: `translateY(${start}px)`,
});
