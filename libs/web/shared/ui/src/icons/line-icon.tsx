import type { ReactNode } from 'react';

export interface LineIconProps {
  /** The outline, stroked in the text colour with round caps and joins (SVG path data). */
  d: string;
  /** Width and height in pixels; without it the stylesheet sizes the glyph. */
  size?: number;
  viewBox?: string;
  strokeWidth?: number;
  className?: string;
  /** Filled parts, drawn before the outline (a cart's wheels, a backdrop). */
  children?: ReactNode;
}

/**
 * A decorative glyph drawn as one outline in the text colour. It is hidden from assistive
 * technology: the text or the label of what it stands beside names it.
 */
export function LineIcon({ d, size, viewBox = '0 0 24 24', strokeWidth = 1.8, className, children }: LineIconProps) {
  return (
    <svg className={className} viewBox={viewBox} width={size} height={size} aria-hidden="true" focusable="false">
      {children}
      <path d={d} fill="none" stroke="currentColor" strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
