// The catalogue in the read-only cabinet (spec 000 §2: read-only until the cooperation terms are signed):
// every control that changes products is disabled, and says why — on the control and above the page's form.
import type { ReactElement } from 'react';
import { Alert, Tooltip } from 'antd';
import { useReadOnly } from '../../../lib/session/use-read-only';
import { nomenclaturesText } from '../locale';

const text = nomenclaturesText.readOnly;

/** Whether products may be changed now; `reason` is what a disabled control says. */
export function useCatalogueReadOnly(): { readOnly: boolean; reason: string | undefined } {
  const { readOnly } = useReadOnly();
  return { readOnly, reason: readOnly ? text.reason : undefined };
}

/**
 * A control disabled for a reason, with the reason on hover and keyboard focus; without a reason the
 * control is left as it is. A disabled control takes neither the pointer nor the focus, so the reason
 * hangs on a wrapper that does.
 */
export function WhyDisabled({ reason, children }: { reason: string | undefined; children: ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip title={reason} trigger={['hover', 'focus']}>
      <span className="why-disabled" tabIndex={0}>
        {children}
      </span>
    </Tooltip>
  );
}

/** The reason above a form or an upload that cannot be used, with what to do about it. */
export function ReadOnlyNotice({ className }: { className?: string }) {
  return <Alert className={className} type="info" showIcon title={text.title} description={text.hint} />;
}
