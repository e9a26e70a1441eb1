// The unsaved-form exit prompt (spec 001 §8) every form uses: leaving for another page asks first,
// and closing or reloading the tab gets the browser's own warning.
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';
import { componentsText } from '../locale';

export function useUnsavedChangesPrompt(dirty: boolean): void {
  const { modal } = App.useApp();
  // Query changes (a tab, a dialog) keep the form on screen, so only a new path counts as leaving.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const text = componentsText.unsavedChanges;
    modal.confirm({
      title: text.title,
      content: text.content,
      okText: text.leave,
      cancelText: text.stay,
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
