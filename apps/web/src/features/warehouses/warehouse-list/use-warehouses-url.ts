// The screen's state in the URL (STYLE.md: list and dialog state live there): the open tab, and the
// open form with its step — ?tab=inactive, ?action=create&step=2, ?action=edit&id=…&step=3.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { STEP_COUNT } from '../model/warehouse-form-model';

export const SCREEN_TABS = ['all', 'active', 'inactive', 'review'] as const;
export type ScreenTab = (typeof SCREEN_TABS)[number];

export type FormDialog = { kind: 'create' } | { kind: 'edit'; id: string };

const isTab = (v: string | null): v is ScreenTab => (SCREEN_TABS as readonly (string | null)[]).includes(v);

export function useWarehousesUrl(canReview: boolean) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: ScreenTab = isTab(raw) && (raw !== 'review' || canReview) ? raw : 'all';

  const action = params.get('action');
  const id = params.get('id');
  const dialog: FormDialog | null =
    action === 'create' ? { kind: 'create' } : action === 'edit' && id ? { kind: 'edit', id } : null;
  const rawStep = Number(params.get('step') ?? '1');
  /** 0-based. */
  const step = Number.isInteger(rawStep) && rawStep >= 1 && rawStep <= STEP_COUNT ? rawStep - 1 : 0;

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace: boolean) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const setTab = useCallback(
    (next: ScreenTab) =>
      update((p) => {
        if (next === 'all') p.delete('tab');
        else p.set('tab', next);
      }, false),
    [update],
  );
  const openCreate = useCallback(
    () =>
      update((p) => {
        p.set('action', 'create');
        p.delete('id');
        p.set('step', '1');
      }, false),
    [update],
  );
  const openEdit = useCallback(
    (warehouseId: string) =>
      update((p) => {
        p.set('action', 'edit');
        p.set('id', warehouseId);
        p.set('step', '1');
      }, false),
    [update],
  );
  const setStep = useCallback(
    (next: number) => update((p) => p.set('step', String(next + 1)), true),
    [update],
  );
  const closeDialog = useCallback(
    () =>
      update((p) => {
        p.delete('action');
        p.delete('id');
        p.delete('step');
      }, true),
    [update],
  );

  return { tab, setTab, dialog, step, setStep, openCreate, openEdit, closeDialog };
}
