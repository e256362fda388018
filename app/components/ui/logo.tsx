/** The brand mark, drawn inline (no extra request on the critical path). */
export function LogoMark({ className = "h-10 w-10" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#6e4521" />
      <path d="M42 22a13 13 0 1 0 0 20" fill="none" stroke="#fbf7f1" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
