// Editing one product's price in its row: the draft and its messages (the contract's rules as one types,
// the server's on their fields after saving), and saving — a change beyond the threshold comes back with
// the new price and the threshold, is confirmed in a dialog and sent again with confirmCritical.
import { useState } from 'react';
import { App } from 'antd';
import {
  PriceConfirmation,
  fill,
  type PriceField,
  type PriceItemResult,
  type PriceListRow,
} from '@moda/contracts';
import { isRpcError } from '../../../lib/api/rpc-error';
import { failureDescription, fieldErrorsOf, hasErrors, serverFieldErrors } from '../../../lib/forms';
import { useUpdatePrice } from '../api/price-queries';
import { pricesText as text } from './locale';
import { draftErrors, draftOf, itemOf, type DraftErrors, type PriceDraft } from './price-draft';
import { formatMoney } from './price-format';

const FIELDS: readonly string[] = ['price', 'salePrice', 'discount', 'saleStartDate', 'saleEndDate'];
const CRITICAL_REASON = 'price.criticalChange';

interface Editing {
  row: PriceListRow;
  draft: PriceDraft;
  /** Fields the seller changed: their messages show at once; the rest after a save. */
  touched: Set<PriceField>;
  submitted: boolean;
  server: DraftErrors;
}

export function useRowEditor(partnerId: number) {
  const { message, notification, modal } = App.useApp();
  const update = useUpdatePrice(partnerId);
  const [editing, setEditing] = useState<Editing | null>(null);

  const local = editing ? draftErrors(editing.row.country, editing.draft) : {};
  const errors: DraftErrors = {};
  if (editing) {
    for (const f of FIELDS as PriceField[]) {
      const shown = editing.submitted || editing.touched.has(f) ? local[f] : undefined;
      const e = shown ?? editing.server[f];
      if (e) errors[f] = e;
    }
  }

  const start = (row: PriceListRow) =>
    setEditing({ row, draft: draftOf(row), touched: new Set(), submitted: false, server: {} });
  const cancel = () => setEditing(null);
  const change = (field: PriceField | PriceField[], next: (d: PriceDraft) => PriceDraft) =>
    setEditing((e) =>
      e
        ? {
            ...e,
            draft: next(e.draft),
            touched: new Set([...e.touched, ...(Array.isArray(field) ? field : [field])]),
            server: {},
          }
        : e,
    );

  const done = (result: PriceItemResult) => {
    setEditing(null);
    if (result.status === 'pending') void message.info(text.results.pending);
    else void message.success(text.results.saved);
    if (result.warnings.includes('removedFromPlannedPromotion'))
      void message.warning(text.results.leftPromotions);
  };

  const send = (e: Editing, confirmCritical: boolean) => {
    const item = itemOf(e.row.id, e.row.country, e.draft);
    if (!item) return;
    update.mutate(
      { item, confirmCritical },
      {
        onSuccess: done,
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error);
          const confirmation = isRpcError(error)
            ? PriceConfirmation.safeParse(error.data?.confirmation)
            : undefined;
          const onlyCritical =
            confirmation?.success &&
            isRpcError(error) &&
            error.data?.reason === CRITICAL_REASON &&
            fieldErrors.length === 1;
          if (onlyCritical) {
            modal.confirm({
              title: text.critical.title,
              content: (
                <>
                  <p>
                    {fill(text.critical.body, {
                      price: formatMoney(confirmation.data.newPrice, e.row.country),
                      threshold: confirmation.data.thresholdPercent,
                    })}
                  </p>
                  <p>{text.critical.question}</p>
                </>
              ),
              okText: text.critical.ok,
              cancelText: text.critical.cancel,
              onOk: () => send(e, true),
            });
            return;
          }
          const server: DraftErrors = serverFieldErrors(error, { fields: FIELDS });
          setEditing((cur) => (cur && cur.row.id === e.row.id ? { ...cur, server } : cur));
          if (!hasErrors(server))
            notification.error({
              title: text.results.failed,
              description: failureDescription(error, { unplaced: fieldErrors }),
            });
        },
      },
    );
  };

  const save = () => {
    if (!editing) return;
    const next = { ...editing, submitted: true };
    setEditing(next);
    if (Object.keys(draftErrors(editing.row.country, editing.draft)).length > 0) return;
    send(next, false);
  };

  return { editing, errors, start, cancel, change, save, saving: update.isPending };
}
