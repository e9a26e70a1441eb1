// The side-bar layout (spec 000 §2): a bar on the left for a page's own navigation (the steps of a
// product card) beside the page; below 768 px the bar sits above it.
import { useState } from 'react';
import { Outlet } from 'react-router';
import { LayoutSlotsProvider } from '../../components/layout-slots/layout-slots';
import { appText } from '../locale';
import { ShellFrame } from './shell-frame';

export function SideBarLayout() {
  const [sideBar, setSideBar] = useState<HTMLElement | null>(null);
  return (
    <ShellFrame className="layout-side-bar">
      <div className="container layout-side-bar__grid">
        <nav className="layout-side-bar__bar" aria-label={appText.sideBar.ariaLabel} ref={setSideBar} />
        <div className="layout-side-bar__page">
          <LayoutSlotsProvider sideBar={sideBar}>
            <Outlet />
          </LayoutSlotsProvider>
        </div>
      </div>
    </ShellFrame>
  );
}
