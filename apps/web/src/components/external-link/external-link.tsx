// A link to another site that opens only when the site is on the allow list (spec 000 §2).
import type { AnchorHTMLAttributes } from 'react';
import { App } from 'antd';
import { isBlockedNavigation } from '../../lib/navigation/external';
import { componentsText } from '../locale';

export function ExternalLink({
  href = '',
  onClick,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { message } = App.useApp();
  return (
    <a
      {...rest}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        if (isBlockedNavigation(href)) {
          event.preventDefault();
          void message.warning(componentsText.externalLink.blocked);
          return;
        }
        onClick?.(event);
      }}
    >
      {children}
    </a>
  );
}
