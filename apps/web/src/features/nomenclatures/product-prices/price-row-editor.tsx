// The editor of one product's price, opened under its row: the price, the sale price and the discount kept
// in step, the sale period, each with its message underneath, and the promotions the change would leave.
// It wraps on narrow screens instead of widening the table. «Что изменится?» simulates the change first
// (the price index's simulation: index, critical threshold, quarantine, promotions) and saves it from there.
import { useState } from 'react';
import { Button, DatePicker, Flex, InputNumber, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { PRICE_CURRENCY, PRICE_RULES, fill, type PriceChangeInput, type PriceListRow } from '@moda/contracts';
import { SimulationDialog } from '../price-index/simulation-dialog';
import { DATE_FORMAT } from '../../../lib/constants';
import { dayjs } from '../../../lib/dates';
import { FieldError } from './price-cells';
import { draftErrors, itemOf, setDiscount, setPrice, setSalePrice } from './price-draft';
import { pricesText as text } from './locale';
import type { useRowEditor } from './use-row-editor';

const ENDED_PROMOTION = new Set(['passed', 'finished']);

export function PriceRowEditor({
  partnerId,
  row,
  editor,
}: {
  partnerId: number;
  row: PriceListRow;
  editor: ReturnType<typeof useRowEditor>;
}) {
  const [simulating, setSimulating] = useState<PriceChangeInput[] | null>(null);
  const d = editor.editing!.draft;
  const item = Object.keys(draftErrors(row.country, d)).length ? null : itemOf(row.id, row.country, d);
  const e = editor.errors;
  const sign = PRICE_CURRENCY[row.country].sign;
  const step = row.country === 'RU' ? PRICE_RULES.multipleOf : 1;
  const num = (v: number | string | null) => (typeof v === 'number' ? v : null);
  const periodError = e.saleStartDate ?? e.saleEndDate;
  const leaving = row.promotions.filter((p) => p.state !== 'active' && !ENDED_PROMOTION.has(p.state));
  const errorId = (field: string) => `${field}-error-${row.id}`;

  return (
    <div className="prices__editor" role="group" aria-label={fill(text.edit.group, { sku: row.sellerSku })}>
      <Flex gap={16} wrap align="flex-start">
        <label className="prices__editor-field">
          <span className="prices__editor-label">{fill(text.edit.priceLabel, { sign })}</span>
          <InputNumber
            className="prices__input"
            autoFocus
            min={0}
            step={step}
            value={d.price}
            status={e.price ? 'error' : undefined}
            aria-label={fill(text.edit.price, { sku: row.sellerSku })}
            aria-describedby={e.price ? errorId('price') : undefined}
            onChange={(v) => editor.change('price', (x) => setPrice(x, num(v), row.country))}
            onPressEnter={editor.save}
          />
          <FieldError id={errorId('price')} message={e.price} />
        </label>
        <label className="prices__editor-field">
          <span className="prices__editor-label">{fill(text.edit.salePriceLabel, { sign })}</span>
          <InputNumber
            className="prices__input"
            min={0}
            step={step}
            value={d.salePrice}
            status={e.salePrice ? 'error' : undefined}
            aria-label={fill(text.edit.salePrice, { sku: row.sellerSku })}
            aria-describedby={e.salePrice ? errorId('sale') : undefined}
            onChange={(v) => editor.change(['salePrice', 'discount'], (x) => setSalePrice(x, num(v)))}
            onPressEnter={editor.save}
          />
          <FieldError id={errorId('sale')} message={e.salePrice} />
        </label>
        <label className="prices__editor-field">
          <span className="prices__editor-label">{text.edit.discountLabel}</span>
          <InputNumber
            className="prices__input prices__input--short"
            min={0}
            max={100}
            value={d.discount}
            status={e.discount ? 'error' : undefined}
            aria-label={fill(text.edit.discount, { sku: row.sellerSku })}
            aria-describedby={e.discount ? errorId('discount') : undefined}
            onChange={(v) =>
              editor.change(['discount', 'salePrice'], (x) => setDiscount(x, num(v), row.country))
            }
            onPressEnter={editor.save}
          />
          <FieldError id={errorId('discount')} message={e.discount} />
        </label>
        <div className="prices__editor-field">
          <span className="prices__editor-label">{text.edit.periodLabel}</span>
          <DatePicker.RangePicker
            className="prices__period"
            format={DATE_FORMAT}
            allowEmpty={[true, true]}
            placeholder={[text.edit.start, text.edit.end]}
            value={[d.start ? dayjs(d.start) : null, d.end ? dayjs(d.end) : null]}
            status={periodError ? 'error' : undefined}
            aria-label={fill(text.edit.period, { sku: row.sellerSku })}
            aria-describedby={periodError ? errorId('period') : undefined}
            onChange={(range) =>
              editor.change(['saleStartDate', 'saleEndDate'], (x) => ({
                ...x,
                start: range?.[0]?.format('YYYY-MM-DD') ?? null,
                end: range?.[1]?.format('YYYY-MM-DD') ?? null,
              }))
            }
          />
          <FieldError id={errorId('period')} message={periodError} />
        </div>
        <Flex gap={8} className="prices__editor-actions">
          <Button type="primary" icon={<CheckOutlined />} loading={editor.saving} onClick={editor.save}>
            {text.actions.save}
          </Button>
          <Button icon={<CloseOutlined />} onClick={editor.cancel}>
            {text.actions.cancel}
          </Button>
          <Button
            type="link"
            icon={<EyeOutlined />}
            disabled={!item}
            onClick={() => item && setSimulating([item])}
          >
            {text.actions.simulate}
          </Button>
        </Flex>
      </Flex>
      {leaving.map((p) => (
        <Typography.Text key={p.id} type="warning" className="prices__note">
          {fill(text.edit.leavesPromotion, { name: p.name })}
        </Typography.Text>
      ))}
      <SimulationDialog
        partnerId={partnerId}
        items={simulating}
        titles={new Map([[row.id, row.title]])}
        onClose={() => setSimulating(null)}
        onSaved={editor.cancel}
      />
    </div>
  );
}
