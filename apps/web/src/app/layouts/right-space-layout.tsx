// The right-space layout (spec 000 §2): the page with a column on its right for hints and help;
// below 992 px the column moves under the page.
import { useState } from 'react';
import { Outlet } from 'react-router';
import { LayoutSlotsProvider } from '../../components/layout-slots/layout-slots';
import { appText } from '../locale';
import { ShellFrame } from './shell-frame';

export function RightSpaceLayout() {
  const [aside, setAside] = useState<HTMLElement | null>(null);
  return (
    <ShellFrame className="layout-right-space">
      <div className="container layout-right-space__grid">
        <div className="layout-right-space__page">
          <LayoutSlotsProvider aside={aside}>
            <Outlet />
          </LayoutSlotsProvider>
        </div>
        <aside
          className="layout-right-space__aside"
          aria-label={appText.rightSpace.ariaLabel}
          ref={setAside}
        />
      </div>
    </ShellFrame>
  );
}
