import type { SVGProps } from 'react';

export interface SvgIconProps extends SVGProps<SVGSVGElement> {
  /** The icon's path, drawn on a 24×24 grid. */
  d: string;
  size?: number;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  title?: string;
}

/**
 * One line icon (stroke = currentColor, so it follows light and dark mode). Icon names Giftwise's own; this frame
 * alone lets the footer's social links draw theirs without bringing every icon into the first download.
 */
export function SvgIcon({ d, size = 24, title, ...rest }: SvgIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}
