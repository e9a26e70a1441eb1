// The file manager lives in the shell's header; features reach it through these events instead of
// importing it: "open it (on this tab)" and "a task was just created, refresh the lists".
export type FileManagerTab = 'export' | 'import';

type OpenListener = (tab: FileManagerTab) => void;
type ChangeListener = () => void;

const openListeners = new Set<OpenListener>();
const changeListeners = new Set<ChangeListener>();

export const fileManagerEvents = {
  open(tab: FileManagerTab = 'export'): void {
    openListeners.forEach((l) => l(tab));
  },
  onOpen(listener: OpenListener): () => void {
    openListeners.add(listener);
    return () => openListeners.delete(listener);
  },
  /** An export or an import was created somewhere: open lists refresh. */
  changed(): void {
    changeListeners.forEach((l) => l());
  },
  onChange(listener: ChangeListener): () => void {
    changeListeners.add(listener);
    return () => changeListeners.delete(listener);
  },
};
