// External navigation is blocked unless the destination is explicitly allowed (spec 000 §2), and a
// remembered return URL may only lead back into the app.
import { ALLOWED_EXTERNAL_ORIGINS } from '../constants';

const SAFE_SCHEMES = ['mailto:', 'tel:'];

function parse(href: string, origin: string): URL | null {
  try {
    return new URL(href, origin);
  } catch {
    return null;
  }
}

const currentOrigin = () => globalThis.location?.origin ?? 'http://localhost';

/** True when following `href` would leave the app for a site that is not on the allow list. */
export function isBlockedNavigation(
  href: string,
  origin = currentOrigin(),
  allowed: readonly string[] = ALLOWED_EXTERNAL_ORIGINS,
): boolean {
  const url = parse(href, origin);
  if (!url) return true;
  if (SAFE_SCHEMES.includes(url.protocol)) return false;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return true;
  return url.origin !== origin && !allowed.includes(url.origin);
}

/**
 * A return URL taken from the address bar: only a path of this app (no other origin, no
 * protocol-relative `//host`, no backslash tricks) survives.
 */
export function safeReturnUrl(raw: string | null | undefined, origin = currentOrigin()): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  const url = parse(raw, origin);
  if (!url || url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Stops clicks on links that would leave for a site not on the allow list. */
export function blockExternalLinks(onBlocked: (href: string) => void, root: Document = document): () => void {
  const listener = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(target instanceof HTMLAnchorElement)) return;
    const href = target.getAttribute('href') ?? '';
    if (isBlockedNavigation(href)) {
      event.preventDefault();
      event.stopPropagation();
      onBlocked(href);
    }
  };
  root.addEventListener('click', listener, true);
  return () => root.removeEventListener('click', listener, true);
}
