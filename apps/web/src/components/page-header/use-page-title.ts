// Sets the browser tab's title for the page on screen.
import { useEffect } from 'react';
import { componentsText } from '../locale';

/** `null` leaves the title alone (a component shown inside another page). */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} — ${componentsText.pageTitleSuffix}` : componentsText.pageTitleSuffix;
  }, [title]);
}
