/**
 * The navigation's icons: simple strokes drawn inline (no request, no icon font), each beside its
 * word (the word names the link; the icon is decoration for a glance).
 */
import type { ReactNode } from 'react';

export type NavIcon = 'reservations' | 'timeline' | 'floor' | 'guests' | 'menu' | 'settings' | 'team' | 'account';

const shapes: Record<NavIcon, ReactNode> = {
  reservations: <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />,
  timeline: <path d="M3 6h10M8 12h13M3 18h9" />,
  floor: (
    <>
      <rect x="3" y="3" width="7" height="7" rx="1.5" />
      <circle cx="17" cy="6.5" r="3.5" />
      <rect x="3" y="14" width="18" height="7" rx="1.5" />
    </>
  ),
  guests: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </>
  ),
  menu: <path d="M7 3v18M4 3v5a3 3 0 0 0 6 0V3M18 21V3c-2.5 2-4 5-4 9h4" />,
  settings: (
    <>
      <path d="M4 7h9M19 7h1M4 17h3M13 17h7" />
      <circle cx="16" cy="7" r="2.5" />
      <circle cx="10" cy="17" r="2.5" />
    </>
  ),
  team: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M17.5 14c2.5.3 4 2.2 4 5" />
    </>
  ),
  account: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="10" r="3" />
      <path d="M6.5 18.5c1.3-2 3.2-3 5.5-3s4.2 1 5.5 3" />
    </>
  ),
};

export function NavIconShape(props: { icon: NavIcon; className?: string }) {
  return (
    <svg
      className={props.className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {shapes[props.icon]}
    </svg>
  );
}
