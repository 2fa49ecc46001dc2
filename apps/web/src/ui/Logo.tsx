/** The product mark, drawn in the theme's brand colour; decorative when it has no label. */
export function Logo({ label, size = 96 }: { label?: string; size?: number }) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg className="logo" viewBox="0 0 96 96" width={size} height={size} {...a11y}>
      <rect width="96" height="96" rx="22" style={{ fill: 'var(--brand)' }} />
      <path d="M30 22h12v38h26v12H30z" style={{ fill: 'var(--on-brand)' }} />
      <circle cx="66" cy="34" r="10" fill="none" strokeWidth="6" style={{ stroke: 'var(--on-brand)' }} />
    </svg>
  );
}
