// The icons of skill-up phases (iconFileName names one of them; an unknown name gets the step mark).
const paths: Record<string, string> = {
  seedling: 'M12 21v-8m0 0c0-4 3-7 7-7 0 4-3 7-7 7zm0 0C12 9 9 6 5 6c0 4 3 7 7 7z',
  box: 'M3 7l9-4 9 4-9 4-9-4zm0 0v10l9 4 9-4V7M12 11v10',
  handshake: 'M2 12l4-4 4 2 3-2 4 1 5 3-4 4-4-3-3 3-3-2-2 2zM8 14l3 3m1-5l3 3',
  document: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  trophy: 'M8 4h8v5a4 4 0 01-8 0zM8 6H4a4 4 0 004 5m8-5h4a4 4 0 01-4 5M12 13v4m-4 4h8m-6-4h4',
};

export function PhaseIcon({ name, className }: { name: string; className?: string }) {
  const d = paths[name] ?? 'M4 18h4v-4h4v-4h4V6h4';
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" className={className} aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
