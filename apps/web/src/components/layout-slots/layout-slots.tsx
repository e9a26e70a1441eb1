// Slots a layout offers its pages: the right column of the right-space layout and the side bar of the
// side-bar layout. A page renders into them with <LayoutAside> / <LayoutSideBar>; the layout owns where.
import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface Slots {
  aside: HTMLElement | null;
  sideBar: HTMLElement | null;
}

const SlotsContext = createContext<Slots>({ aside: null, sideBar: null });

export function LayoutSlotsProvider({
  aside = null,
  sideBar = null,
  children,
}: Partial<Slots> & { children: ReactNode }) {
  return <SlotsContext.Provider value={{ aside, sideBar }}>{children}</SlotsContext.Provider>;
}

/** Content for the right column; outside the right-space layout it is not shown. */
export function LayoutAside({ children }: { children: ReactNode }) {
  const { aside } = useContext(SlotsContext);
  return aside ? createPortal(children, aside) : null;
}

/** Content for the side bar; outside the side-bar layout it is not shown. */
export function LayoutSideBar({ children }: { children: ReactNode }) {
  const { sideBar } = useContext(SlotsContext);
  return sideBar ? createPortal(children, sideBar) : null;
}
