// The default layout (spec 000 §2): the shell with one centred column for the page.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ShellFrame } from './shell-frame';

export function DefaultLayout({ children }: { children?: ReactNode }) {
  return (
    <ShellFrame className="layout-default">
      <div className="container">{children ?? <Outlet />}</div>
    </ShellFrame>
  );
}
