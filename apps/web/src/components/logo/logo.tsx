// The Moda Seller mark: the brand square and the product name.
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden focusable="false">
        <rect width="32" height="32" rx="6" fill="#F93C00" />
        <path d="M7 23V9h3.2l5.8 8.2L21.8 9H25v14h-3.2v-8.6L16 22l-5.8-7.6V23z" fill="#000" />
      </svg>
      {compact ? null : (
        <span className="logo__text">
          Moda<span className="logo__accent"> Seller</span>
        </span>
      )}
    </span>
  );
}
