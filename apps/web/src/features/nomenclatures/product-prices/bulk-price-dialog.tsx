// Changing the prices of a selection at once: a new price, a discount with its period, or the discount
// removed, for every selected product. One question before saving (how many change, how many of them
// beyond the threshold), then one `set prices` call whose answer is shown per product.
import { useState } from 'react';
import { App, DatePicker, Form, InputNumber, Modal, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
// The period's picker reads dayjs's global locale: Russian.
import '../../../lib/dates';
import {
  PRICE_RULES,
  correctionFailedMessage,
  fill,
  priceRuleErrors,
  type PriceChangeInput,
  type PriceCountry,
  type PriceListRow,
} from '@moda/contracts';
import { DATE_FORMAT } from '../../../lib/constants';
import { isRpcError } from '../../../lib/api/rpc-error';
import { checkThreshold, useSetPrices } from '../api/price-queries';
import { pricesText as text } from './locale';
import { goodsAfter } from './price-format';

export interface BulkFailure {
  id: string;
  sku: string;
  messages: string[];
}
export interface BulkOutcome {
  saved: number;
  pending: number;
  failed: BulkFailure[];
  message: string | null;
  reportId: string | null;
}

type SaleMode = 'keep' | 'set' | 'remove';
interface Values {
  price: number | null;
  sale: SaleMode;
  discount: number | null;
  period: [Dayjs | null, Dayjs | null] | null;
}

const iso = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** Each selected product's change; products without any price cannot change by discount alone. */
function itemsOf(rows: PriceListRow[], v: Values) {
  const items: PriceChangeInput[] = [];
  const local: BulkFailure[] = [];
  for (const row of rows) {
    const price = v.price ?? row.price;
    if (price === null) {
      local.push({ id: row.id, sku: row.sellerSku, messages: [text.bulk.noPrice] });
      continue;
    }
    const base = { id: row.id, country: row.country, price };
    if (v.sale === 'set')
      items.push({
        ...base,
        discount: v.discount,
        saleStartDate: iso(v.period?.[0]),
        saleEndDate: iso(v.period?.[1]),
      });
    else if (v.sale === 'remove' || row.salePrice === null) items.push({ ...base, salePrice: null });
    else
      items.push({
        ...base,
        salePrice: row.salePrice,
        saleStartDate: row.saleStartDate,
        saleEndDate: row.saleEndDate,
      });
  }
  return { items, local };
}

export function BulkPriceDialog({
  partnerId,
  country,
  rows,
  onClose,
  onDone,
}: {
  partnerId: number;
  country: PriceCountry;
  rows: PriceListRow[];
  onClose: () => void;
  onDone: (outcome: BulkOutcome) => void;
}) {
  const { modal, notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const sale = Form.useWatch('sale', form) ?? 'keep';
  const setPrices = useSetPrices(partnerId);
  const [checking, setChecking] = useState(false);

  const finish = (items: PriceChangeInput[], local: BulkFailure[]) => {
    const skuOf = new Map(rows.map((r) => [r.id, r.sellerSku]));
    setPrices.mutate(items, {
      onSuccess: (answer) => {
        const failed = [
          ...local,
          ...answer.items
            .filter((i) => i.status === 'failed')
            .map((i) => ({
              id: i.id,
              sku: skuOf.get(i.id) ?? i.id,
              messages: [...new Set(i.errors.map((e) => e.message))],
            })),
        ];
        onDone({
          saved: answer.items.filter((i) => i.status === 'applied').length,
          pending: answer.items.filter((i) => i.status === 'pending').length,
          failed,
          message: failed.length ? correctionFailedMessage(failed.length) : null,
          reportId: answer.reportId,
        });
      },
      onError: (error) =>
        notification.error({
          title: text.results.failed,
          description: isRpcError(error) ? error.apiMessage : undefined,
        }),
    });
  };

  const submit = async (v: Values) => {
    const { items, local } = itemsOf(rows, v);
    if (items.length === 0) {
      onDone({ saved: 0, pending: 0, failed: local, message: null, reportId: null });
      return;
    }
    setChecking(true);
    let exceeded = 0;
    let threshold: number = PRICE_RULES.criticalThresholdPercent;
    try {
      const check = await checkThreshold(partnerId, items);
      exceeded = check.items.filter((i) => i.exceeded).length;
      threshold = check.thresholdPercent;
    } catch {
      // The server checks again when saving; the question just says less.
    } finally {
      setChecking(false);
    }
    modal.confirm({
      title: text.bulk.confirmTitle,
      content: (
        <>
          <p>{fill(text.bulk.confirmBody, { count: items.length, goods: goodsAfter(items.length) })}</p>
          {exceeded > 0 ? <p>{fill(text.bulk.confirmCritical, { count: exceeded, threshold })}</p> : null}
        </>
      ),
      okText: text.bulk.ok,
      cancelText: text.bulk.cancel,
      onOk: () => finish(items, local),
    });
  };

  /** The contract's rules of the discount and its period, checked on a sample product. */
  const saleRule = (field: 'discount' | 'saleStartDate') => ({
    validator: async () => {
      const v = form.getFieldsValue();
      if (v.sale !== 'set') return;
      const sample = priceRuleErrors({
        country,
        price: 1000,
        discount: v.discount,
        saleStartDate: iso(v.period?.[0]),
        saleEndDate: iso(v.period?.[1]),
      }).errors.find((e) => e.field === field);
      if (sample) throw new Error(sample.message);
    },
  });

  return (
    <Modal
      open
      title={fill(text.bulk.title, { count: rows.length })}
      okText={text.bulk.next}
      cancelText={text.bulk.cancel}
      onCancel={onClose}
      okButtonProps={{ loading: checking || setPrices.isPending }}
      onOk={() => void form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ price: null, sale: 'keep', discount: null, period: null }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="price"
          label={text.bulk.price}
          extra={text.bulk.priceHint}
          dependencies={['sale']}
          rules={[
            {
              validator: async (_, value: number | null) => {
                if (value === null || value === undefined) {
                  if (form.getFieldValue('sale') === 'keep') throw new Error(text.bulk.nothing);
                  return;
                }
                const e = priceRuleErrors({ country, price: value }).errors.find((x) => x.field === 'price');
                if (e) throw new Error(e.message);
              },
            },
          ]}
        >
          <InputNumber
            className="prices__bulk-input"
            min={0}
            step={country === 'RU' ? PRICE_RULES.multipleOf : 1}
            aria-label={text.bulk.price}
          />
        </Form.Item>
        <Form.Item name="sale" label={text.bulk.sale}>
          <Radio.Group
            options={[
              { value: 'keep', label: text.bulk.saleKeep },
              { value: 'set', label: text.bulk.saleSet },
              { value: 'remove', label: text.bulk.saleRemove },
            ]}
          />
        </Form.Item>
        {sale === 'set' ? (
          <>
            <Form.Item
              name="discount"
              label={text.bulk.discount}
              rules={[{ required: true, message: text.bulk.required }, saleRule('discount')]}
            >
              <InputNumber className="prices__bulk-input" min={0} max={100} aria-label={text.bulk.discount} />
            </Form.Item>
            <Form.Item
              name="period"
              label={text.bulk.period}
              dependencies={['discount']}
              rules={[{ required: true, message: text.bulk.required }, saleRule('saleStartDate')]}
            >
              <DatePicker.RangePicker format={DATE_FORMAT} aria-label={text.bulk.period} />
            </Form.Item>
          </>
        ) : null}
        <Typography.Text type="secondary">
          {fill(text.bulk.confirmBody, { count: rows.length, goods: goodsAfter(rows.length) })}
        </Typography.Text>
      </Form>
    </Modal>
  );
}
