/** The company mark: a ceiling grid in a square, drawn inline so it costs no request. */
export function LogoMark({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="#12263a" />
      <path d="M8 12h24M8 20h24M8 28h24M14 8v24M26 8v24" stroke="#dfe3e8" strokeWidth="2" />
      <rect x="15" y="13" width="10" height="6" fill="#e0a526" />
    </svg>
  );
}
