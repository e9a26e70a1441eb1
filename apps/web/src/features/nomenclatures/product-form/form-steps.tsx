// The four steps of the card (spec 000 §4): general info with the category's own attributes, composition
// with the running percent sum, price and sizes (scale, per-size SKU, EAN-13, Data Matrix), legal info.
// Each field shows its error, whether the browser or the server found it.
import type { ReactNode } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { fill, Gender, PRICE_RULES, PRODUCTION_COUNTRIES } from '@moda/contracts';
import { useCatalogueBrands, useDictionary, useErpCategories } from '../api/catalogue-queries';
import { useCategories } from '../api/product-list-queries';
import {
  compositionSum,
  emptySize,
  OWN_FIELD_ATTRIBUTES,
  type AttributeDef,
  type AttributeValue,
  type CardDraft,
  type FieldErrors,
} from '../model/card-draft';
import { nomenclaturesText } from '../locale';

const text = nomenclaturesText.form;
// The contract's one list of production countries, also the template's and the import's.
const COUNTRY_OPTIONS = Object.entries(PRODUCTION_COUNTRIES).map(([value, label]) => ({ value, label }));

export interface StepProps {
  draft: CardDraft;
  change: (next: (d: CardDraft) => CardDraft) => void;
  errors: FieldErrors;
}

/** A labelled field with its error; `id` ties the label to the control for screen readers and tests. */
export function Field({
  id,
  label,
  error,
  required,
  extra,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  required?: boolean;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}

export function GeneralStep({
  draft,
  change,
  errors,
  partnerId,
  attributes,
}: StepProps & { partnerId: number; attributes: readonly AttributeDef[] }) {
  const g = text.general;
  const categories = useCategories();
  const brands = useCatalogueBrands(partnerId);
  const erp = useErpCategories(draft.category);
  const level2 = erp.data?.items.find((l) => l.level1 === draft.erpCategory.level1)?.level2 ?? [];
  const own = attributes.filter((a) => !OWN_FIELD_ATTRIBUTES.has(a.code) && a.group !== 'legal_group');

  return (
    <>
      <div className="product-form__row">
        <Field id="card-category" label={g.category} required error={errors.category}>
          <Select
            id="card-category"
            placeholder={text.select}
            value={draft.category}
            loading={categories.isPending}
            options={(categories.data?.items ?? []).map((c) => ({ value: c.code, label: c.name }))}
            onChange={(category: string) =>
              change((d) => ({
                ...d,
                category,
                // ERP categories and attributes belong to the category.
                erpCategory:
                  d.category === category ? d.erpCategory : { level1: undefined, level2: undefined },
                attributes: d.category === category ? d.attributes : {},
              }))
            }
          />
        </Field>
        <Field
          id="card-parent-sku"
          label={g.sellerParentSku}
          required
          error={errors.sellerParentSku}
          extra={g.sellerParentSkuHint}
        >
          <Input
            id="card-parent-sku"
            maxLength={50}
            value={draft.sellerParentSku}
            onChange={(e) => change((d) => ({ ...d, sellerParentSku: e.target.value }))}
          />
        </Field>
      </div>
      <Field id="card-title" label={g.title} required error={errors.title}>
        <Input
          id="card-title"
          maxLength={200}
          value={draft.title}
          onChange={(e) => change((d) => ({ ...d, title: e.target.value }))}
        />
      </Field>
      <div className="product-form__row">
        <Field id="card-brand" label={g.brand} required error={errors.brand}>
          <Select
            id="card-brand"
            showSearch
            placeholder={text.select}
            value={draft.brand}
            loading={brands.isPending}
            options={(brands.data?.items ?? []).map((b) => ({
              value: b.name,
              label: b.needsPermission
                ? `${b.name} — ${b.permissionGranted ? g.permissionGranted : g.needsPermission}`
                : b.name,
            }))}
            onChange={(brand: string) => change((d) => ({ ...d, brand }))}
          />
        </Field>
        <Field id="card-gender" label={g.gender} required error={errors.gender}>
          <Select
            id="card-gender"
            placeholder={text.select}
            value={draft.gender}
            options={Gender.options.map((v) => ({ value: v, label: text.genders[v] }))}
            onChange={(gender: string) => change((d) => ({ ...d, gender }))}
          />
        </Field>
        <Field id="card-country" label={g.country} required error={errors.country}>
          <Select
            id="card-country"
            showSearch
            optionFilterProp="label"
            placeholder={text.select}
            value={draft.country}
            options={COUNTRY_OPTIONS}
            onChange={(country: string) => change((d) => ({ ...d, country }))}
          />
        </Field>
      </div>
      <div className="product-form__row">
        <Field
          id="card-erp1"
          label={g.erpLevel1}
          required
          error={errors['erpCategory.level1'] ?? errors.erpCategory}
        >
          <Select
            id="card-erp1"
            placeholder={draft.category ? text.select : g.chooseCategoryFirst}
            disabled={!draft.category}
            value={draft.erpCategory.level1}
            options={(erp.data?.items ?? []).map((l) => ({ value: l.level1, label: l.level1 }))}
            onChange={(level1: string) =>
              change((d) => ({ ...d, erpCategory: { level1, level2: undefined } }))
            }
          />
        </Field>
        <Field id="card-erp2" label={g.erpLevel2} required error={errors['erpCategory.level2']}>
          <Select
            id="card-erp2"
            placeholder={text.select}
            disabled={!draft.erpCategory.level1}
            value={draft.erpCategory.level2}
            options={level2.map((v) => ({ value: v, label: v }))}
            onChange={(l2: string) =>
              change((d) => ({ ...d, erpCategory: { ...d.erpCategory, level2: l2 } }))
            }
          />
        </Field>
      </div>
      {own.length > 0 ? (
        <>
          <Typography.Title level={3} className="product-form__subtitle">
            {g.attributes}
          </Typography.Title>
          <div className="product-form__row">
            {own.map((def) => (
              <AttributeField
                key={def.code}
                def={def}
                value={draft.attributes[def.code]}
                error={errors[`attributes.${def.code}`]}
                onChange={(v) => change((d) => ({ ...d, attributes: { ...d.attributes, [def.code]: v } }))}
              />
            ))}
          </div>
        </>
      ) : null}
    </>
  );
}

/** One category attribute, its control chosen by its value type. */
export function AttributeField({
  def,
  value,
  error,
  onChange,
}: {
  def: AttributeDef;
  value: AttributeValue | undefined;
  error: string | undefined;
  onChange: (value: AttributeValue | undefined) => void;
}) {
  const id = `attr-${def.code}`;
  const isDictionary = def.valueType === 'dictionary_entry' || def.valueType === 'array_of_dictionary_entry';
  const dictionary = useDictionary(isDictionary ? def.dictionary : null);
  const options = (dictionary.data?.items ?? []).map((e) => ({
    value: e.code,
    label: e.name,
    disabled: e.obsolete,
  }));
  let control: ReactNode;
  switch (def.valueType) {
    case 'number':
      control = (
        <InputNumber
          id={id}
          min={0}
          className="product-form__number"
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
        />
      );
      break;
    case 'boolean':
      control = <Switch id={id} checked={value === true} onChange={(v) => onChange(v)} />;
      break;
    case 'dictionary_entry':
      control = (
        <Select
          id={id}
          allowClear
          showSearch
          placeholder={text.select}
          loading={dictionary.isPending}
          value={typeof value === 'string' ? value : undefined}
          options={options}
          onChange={(v?: string) => onChange(v)}
        />
      );
      break;
    case 'array_of_dictionary_entry':
      control = (
        <Select
          id={id}
          mode="multiple"
          allowClear
          placeholder={text.select}
          loading={dictionary.isPending}
          value={Array.isArray(value) ? value : []}
          options={options}
          onChange={(v: string[]) => onChange(v)}
        />
      );
      break;
    default:
      control = (
        <Input
          id={id}
          maxLength={def.maxLength ?? undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
  return (
    <Field id={id} label={def.name} required={def.required} error={error}>
      {control}
    </Field>
  );
}

export function CompositionStep({ draft, change, errors }: StepProps) {
  const c = text.composition;
  const sum = compositionSum(draft);
  const setPart = (i: number, patch: Partial<CardDraft['composition'][number]>) =>
    change((d) => ({ ...d, composition: d.composition.map((p, j) => (j === i ? { ...p, ...patch } : p)) }));
  return (
    <>
      {draft.composition.map((part, i) => (
        <div className="product-form__composition-row" key={i}>
          <Field
            id={`composition-${i}-material`}
            label={fill(c.materialN, { n: i + 1 })}
            required
            error={errors[`composition.${i}.material`]}
          >
            <Input
              id={`composition-${i}-material`}
              maxLength={50}
              value={part.material}
              onChange={(e) => setPart(i, { material: e.target.value })}
            />
          </Field>
          <Field
            id={`composition-${i}-percent`}
            label={fill(c.percentN, { n: i + 1 })}
            required
            error={errors[`composition.${i}.percent`]}
          >
            <InputNumber
              id={`composition-${i}-percent`}
              min={0}
              max={100}
              suffix="%"
              className="product-form__number"
              value={part.percent}
              onChange={(v) => setPart(i, { percent: typeof v === 'number' ? v : null })}
            />
          </Field>
          <Button
            type="text"
            className="product-form__remove"
            icon={<DeleteOutlined />}
            aria-label={fill(c.remove, { n: i + 1 })}
            disabled={draft.composition.length === 1}
            onClick={() => change((d) => ({ ...d, composition: d.composition.filter((_, j) => j !== i) }))}
          />
        </div>
      ))}
      <p
        className={sum === 100 ? 'product-form__sum' : 'product-form__sum product-form__sum--bad'}
        role="status"
        aria-live="polite"
      >
        {sum === 100 ? c.sumOk : fill(c.sum, { sum })}
      </p>
      {errors.composition ? (
        <Typography.Text type="danger" className="product-form__group-error">
          {errors.composition}
        </Typography.Text>
      ) : null}
      <div>
        <Button
          icon={<PlusOutlined />}
          disabled={draft.composition.length >= 10}
          onClick={() =>
            change((d) => ({ ...d, composition: [...d.composition, { material: '', percent: null }] }))
          }
        >
          {c.add}
        </Button>
      </div>
    </>
  );
}

export function SizesStep({ draft, change, errors }: StepProps) {
  const s = text.sizes;
  const scales = useDictionary('size_scale');
  const sizes = useDictionary(draft.sizeScale ? `size:${draft.sizeScale}` : null);
  const setSize = (i: number, patch: Partial<CardDraft['sizes'][number]>) =>
    change((d) => ({ ...d, sizes: d.sizes.map((p, j) => (j === i ? { ...p, ...patch } : p)) }));
  return (
    <>
      <div className="product-form__row">
        <Field id="card-price" label={s.price} required error={errors.price}>
          <InputNumber
            id="card-price"
            min={0}
            step={PRICE_RULES.multipleOf}
            className="product-form__number"
            value={draft.price}
            onChange={(v) => change((d) => ({ ...d, price: typeof v === 'number' ? v : null }))}
          />
        </Field>
        <Field id="card-size-scale" label={s.scale} required error={errors.sizeScale}>
          <Select
            id="card-size-scale"
            placeholder={text.select}
            loading={scales.isPending}
            value={draft.sizeScale}
            options={(scales.data?.items ?? []).map((e) => ({ value: e.code, label: e.name }))}
            onChange={(sizeScale: string) =>
              change((d) => ({
                ...d,
                sizeScale,
                sizes: d.sizeScale === sizeScale ? d.sizes : d.sizes.map((x) => ({ ...x, size: undefined })),
              }))
            }
          />
        </Field>
      </div>
      {draft.sizes.map((size, i) => (
        <fieldset className="product-form__size-row" key={i} aria-label={fill(s.rowLabel, { n: i + 1 })}>
          <Field id={`size-${i}-size`} label={s.size} required error={errors[`sizes.${i}.size`]}>
            <Select
              id={`size-${i}-size`}
              placeholder={draft.sizeScale ? text.select : s.chooseScaleFirst}
              disabled={!draft.sizeScale}
              value={size.size}
              options={(sizes.data?.items ?? []).map((e) => ({ value: e.code, label: e.name }))}
              onChange={(v: string) => setSize(i, { size: v })}
            />
          </Field>
          <Field id={`size-${i}-sku`} label={s.sellerSku} required error={errors[`sizes.${i}.sellerSku`]}>
            <Input
              id={`size-${i}-sku`}
              maxLength={50}
              value={size.sellerSku}
              onChange={(e) => setSize(i, { sellerSku: e.target.value })}
            />
          </Field>
          <Field id={`size-${i}-barcode`} label={s.barcode} required error={errors[`sizes.${i}.barcode`]}>
            <Input
              id={`size-${i}-barcode`}
              inputMode="numeric"
              maxLength={13}
              value={size.barcode}
              onChange={(e) => setSize(i, { barcode: e.target.value.replace(/\s/g, '') })}
            />
          </Field>
          <Form.Item label=" " colon={false}>
            <Checkbox
              checked={size.dataMatrix}
              onChange={(e) => setSize(i, { dataMatrix: e.target.checked })}
            >
              {s.dataMatrix}
            </Checkbox>
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={fill(s.remove, { n: i + 1 })}
              disabled={draft.sizes.length === 1}
              onClick={() => change((d) => ({ ...d, sizes: d.sizes.filter((_, j) => j !== i) }))}
            />
          </Form.Item>
        </fieldset>
      ))}
      {errors.sizes ? (
        <Typography.Text type="danger" className="product-form__group-error">
          {errors.sizes}
        </Typography.Text>
      ) : null}
      <div>
        <Button
          icon={<PlusOutlined />}
          disabled={draft.sizes.length >= 50}
          onClick={() =>
            change((d) => ({
              ...d,
              sizes: [...d.sizes, { ...emptySize(), dataMatrix: d.sizes[0]?.dataMatrix ?? false }],
            }))
          }
        >
          {s.add}
        </Button>
      </div>
    </>
  );
}

export function LegalStep({ draft, change, errors }: StepProps) {
  const l = text.legal;
  const tnVed = useDictionary('tn_ved');
  const setLegal = (patch: Partial<CardDraft['legal']>) =>
    change((d) => ({ ...d, legal: { ...d.legal, ...patch } }));
  return (
    <>
      <Field id="legal-tnved" label={l.tnVed} required error={errors['legal.tnVed']}>
        <Select
          id="legal-tnved"
          showSearch
          optionFilterProp="label"
          placeholder={text.select}
          loading={tnVed.isPending}
          value={draft.legal.tnVed}
          options={(tnVed.data?.items ?? []).map((e) => ({
            value: e.code,
            label: e.obsolete ? `${e.name} (${l.obsolete})` : e.name,
            // Obsolete codes stay visible (a saved card may hold one) but cannot be chosen.
            disabled: e.obsolete,
          }))}
          onChange={(v: string) => setLegal({ tnVed: v })}
        />
      </Field>
      <Field id="legal-producer" label={l.producer} required error={errors['legal.producer']}>
        <Input
          id="legal-producer"
          maxLength={200}
          value={draft.legal.producer}
          onChange={(e) => setLegal({ producer: e.target.value })}
        />
      </Field>
      <Field id="legal-address" label={l.producerAddress} required error={errors['legal.producerAddress']}>
        <Input.TextArea
          id="legal-address"
          maxLength={300}
          autoSize={{ minRows: 2, maxRows: 4 }}
          value={draft.legal.producerAddress}
          onChange={(e) => setLegal({ producerAddress: e.target.value })}
        />
      </Field>
      <Form.Item
        validateStatus={errors['legal.isResale'] ? 'error' : undefined}
        help={errors['legal.isResale']}
      >
        <Checkbox checked={draft.legal.isResale} onChange={(e) => setLegal({ isResale: e.target.checked })}>
          {l.isResale}
        </Checkbox>
      </Form.Item>
      <Form.Item validateStatus={errors['legal.eac'] ? 'error' : undefined} help={errors['legal.eac']}>
        <Checkbox checked={draft.legal.eac} onChange={(e) => setLegal({ eac: e.target.checked })}>
          {l.eac}
        </Checkbox>
      </Form.Item>
    </>
  );
}
