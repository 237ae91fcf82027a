/** The saffron-flame-on-lotus mark, drawn inline so the header needs no image request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" width="40" height="40" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#7a1f2b" />
      <path d="M32 12c6.5 8.5 10.5 15 10.5 21.5a10.5 10.5 0 0 1-21 0C21.5 27 25.5 20.5 32 12z" fill="#e3a018" />
      <path d="M14 40c6 0 12 3 18 10 6-7 12-10 18-10-3 8-10 13-18 13s-15-5-18-13z" fill="#fbf6ee" />
    </svg>
  );
}
