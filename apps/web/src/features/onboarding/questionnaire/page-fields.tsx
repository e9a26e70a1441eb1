// The fields of each questionnaire page. Labels and options from the locale; the rules are the
// contract's, checked by the page on save.
import { useMemo, useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CooperationModel,
  LegalForm,
  registrationFields,
  SurveyCategory,
  SurveyCountry,
  TrademarkOwnership,
  type SurveyAttachment,
  type SurveyField,
  type SurveyPage,
} from '@moda/contracts';
import { onboardingText } from '../locale';
import { TrademarkDocuments } from './trademark-documents';
import './page-fields.css';

const T = onboardingText.questionnaire;
const F = T.fields;

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((k) => ({ value: k, label: labels[k] }));

/** The reviewer's question on a field, shown under it. */
export type Questions = Partial<Record<SurveyField, string>>;

function Item({
  name,
  label,
  questions,
  field,
  children,
  valuePropName,
}: {
  name: string | (string | number)[];
  label: string;
  questions: Questions;
  field?: SurveyField;
  children: React.ReactNode;
  valuePropName?: string;
}) {
  const q = field ? questions[field] : undefined;
  return (
    <Form.Item
      name={name}
      label={label}
      valuePropName={valuePropName}
      extra={q ? <span className="onboarding-question">{q}</span> : undefined}
    >
      {children}
    </Form.Item>
  );
}

function CompanyFields({ questions }: { questions: Questions }) {
  const country = (Form.useWatch('country') as SurveyCountry | undefined) ?? 'RU';
  const legalForm = (Form.useWatch('legalForm') as LegalForm | undefined) ?? 'legalEntity';
  const needs = registrationFields(country, legalForm);
  return (
    <>
      <Item name="country" label={F.country} questions={questions} field="company.country">
        <Select aria-label={F.country} options={options(SurveyCountry.options, T.countries)} />
      </Item>
      <Item name="legalForm" label={F.legalForm} questions={questions} field="company.legalForm">
        <Select aria-label={F.legalForm} options={options(LegalForm.options, T.legalForms)} />
      </Item>
      <Item name="inn" label={F.inn[country]} questions={questions} field="company.inn">
        <Input aria-label={F.inn[country]} inputMode="numeric" />
      </Item>
      {needs.ogrn ? (
        <Item
          name="ogrn"
          label={needs.ogrn === 13 ? F.ogrn : F.ogrnip}
          questions={questions}
          field="company.ogrn"
        >
          <Input aria-label={needs.ogrn === 13 ? F.ogrn : F.ogrnip} inputMode="numeric" />
        </Item>
      ) : null}
      {needs.kpp ? (
        <Item name="kpp" label={F.kpp} questions={questions} field="company.kpp">
          <Input aria-label={F.kpp} />
        </Item>
      ) : null}
      <Item
        name="organizationName"
        label={F.organizationName}
        questions={questions}
        field="company.organizationName"
      >
        <Input aria-label={F.organizationName} />
      </Item>
      <Item name="phone" label={F.phone} questions={questions} field="company.phone">
        <Input aria-label={F.phone} placeholder={T.phonePlaceholder} inputMode="tel" />
      </Item>
    </>
  );
}

function ContactsFields({ questions }: { questions: Questions }) {
  const different = Form.useWatch('differentContact') as boolean | undefined;
  return (
    <>
      <Item name="ceoName" label={F.ceoName} questions={questions} field="contacts.ceoName">
        <Input aria-label={F.ceoName} />
      </Item>
      <Form.Item name="differentContact" valuePropName="checked">
        <Checkbox>{F.differentContact}</Checkbox>
      </Form.Item>
      {different ? (
        <>
          <Item name="contactName" label={F.contactName} questions={questions} field="contacts.contactName">
            <Input aria-label={F.contactName} />
          </Item>
          <Item
            name="contactPhone"
            label={F.contactPhone}
            questions={questions}
            field="contacts.contactPhone"
          >
            <Input aria-label={F.contactPhone} placeholder={T.phonePlaceholder} />
          </Item>
        </>
      ) : null}
    </>
  );
}

function CooperationFields({ questions }: { questions: Questions }) {
  return (
    <>
      <Item name="model" label={F.model} questions={questions} field="cooperation.model">
        <Select aria-label={F.model} options={options(CooperationModel.options, T.models)} />
      </Item>
      <Item
        name="warehouseAddress"
        label={F.warehouseAddress}
        questions={questions}
        field="cooperation.warehouseAddress"
      >
        <Input aria-label={F.warehouseAddress} />
      </Item>
    </>
  );
}

function BrandsFields({
  questions,
  attachments,
}: {
  questions: Questions;
  attachments: readonly SurveyAttachment[];
}) {
  const [uploaded, setUploaded] = useState<SurveyAttachment[]>([]);
  const known = useMemo(
    () => new Map([...attachments, ...uploaded].map((a) => [a.id, a] as const)),
    [attachments, uploaded],
  );
  return (
    <>
      <Form.Item name="multibrand" valuePropName="checked">
        <Checkbox>{F.multibrand}</Checkbox>
      </Form.Item>
      <Form.List name="brands">
        {(list, { add, remove }) => (
          <>
            {list.map(({ key, name }) => (
              <fieldset key={key} className="onboarding-brand">
                <Form.Item name={[name, 'name']} label={F.brandName} extra={questions['brands.brands']}>
                  <Input aria-label={`${F.brandName} ${name + 1}`} />
                </Form.Item>
                <Space wrap>
                  <Form.Item name={[name, 'country']} label={F.brandCountry}>
                    <Input aria-label={`${F.brandCountry} ${name + 1}`} />
                  </Form.Item>
                  <Form.Item name={[name, 'ownership']} label={F.ownership}>
                    <Select
                      aria-label={`${F.ownership} ${name + 1}`}
                      style={{ minWidth: 200 }}
                      options={options(TrademarkOwnership.options, T.ownership)}
                    />
                  </Form.Item>
                  <Form.Item name={[name, 'averagePrice']} label={F.averagePrice}>
                    <InputNumber aria-label={`${F.averagePrice} ${name + 1}`} />
                  </Form.Item>
                  <Form.Item name={[name, 'averageDiscount']} label={F.averageDiscount}>
                    <InputNumber aria-label={`${F.averageDiscount} ${name + 1}`} />
                  </Form.Item>
                </Space>
                <Space wrap>
                  <Form.Item name={[name, 'trademark']} valuePropName="checked">
                    <Checkbox>{F.trademark}</Checkbox>
                  </Form.Item>
                  <Form.Item name={[name, 'designerSection']} valuePropName="checked">
                    <Checkbox>{F.designerSection}</Checkbox>
                  </Form.Item>
                  {list.length > 1 ? (
                    <Button icon={<MinusCircleOutlined />} onClick={() => remove(name)}>
                      {F.removeBrand}
                    </Button>
                  ) : null}
                </Space>
                <Form.Item name={[name, 'documents']} label={F.documents}>
                  <TrademarkDocuments
                    known={known}
                    brand={name + 1}
                    onUploaded={(doc) => setUploaded((list) => [...list, doc])}
                  />
                </Form.Item>
              </fieldset>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ designerSection: false, trademark: false, ownership: 'owner' })}
            >
              {F.addBrand}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

function CategoriesFields({ questions }: { questions: Questions }) {
  return (
    <Form.List name="categories">
      {(list, { add, remove }) => (
        <>
          {questions['categories.categories'] ? (
            <p className="onboarding-question">{questions['categories.categories']}</p>
          ) : null}
          {list.map(({ key, name }) => (
            <Space key={key} wrap align="start">
              <Form.Item name={[name, 'category']} label={F.category}>
                <Select
                  aria-label={`${F.category} ${name + 1}`}
                  style={{ minWidth: 200 }}
                  options={options(SurveyCategory.options, T.categories)}
                />
              </Form.Item>
              <Form.Item name={[name, 'skuCount']} label={F.skuCount}>
                <InputNumber aria-label={`${F.skuCount} ${name + 1}`} />
              </Form.Item>
              {list.length > 1 ? (
                <Button icon={<MinusCircleOutlined />} onClick={() => remove(name)}>
                  {F.removeCategory}
                </Button>
              ) : null}
            </Space>
          ))}
          <div>
            <Button icon={<PlusOutlined />} onClick={() => add({})}>
              {F.addCategory}
            </Button>
          </div>
        </>
      )}
    </Form.List>
  );
}

function ChannelsFields({ questions }: { questions: Questions }) {
  const keys = [
    'onlineShop',
    'offlineShop',
    'marketplaces',
    'multibrandShops',
    'presentation',
    'socialLink',
  ] as const;
  return (
    <>
      {keys.map((k) => (
        <Item key={k} name={k} label={F[k]} questions={questions} field={`channels.${k}`}>
          <Input aria-label={F[k]} />
        </Item>
      ))}
    </>
  );
}

export function PageFields({
  page,
  questions,
  attachments = [],
}: {
  page: SurveyPage;
  questions: Questions;
  /** The questionnaire's uploaded trademark documents (the brands page names them). */
  attachments?: readonly SurveyAttachment[];
}) {
  switch (page) {
    case 'company':
      return <CompanyFields questions={questions} />;
    case 'contacts':
      return <ContactsFields questions={questions} />;
    case 'cooperation':
      return <CooperationFields questions={questions} />;
    case 'brands':
      return <BrandsFields questions={questions} attachments={attachments} />;
    case 'categories':
      return <CategoriesFields questions={questions} />;
    case 'channels':
      return <ChannelsFields questions={questions} />;
  }
}

/** What a page starts with when it was never saved. */
export const PAGE_DEFAULTS: Record<SurveyPage, object> = {
  company: { country: 'RU', legalForm: 'legalEntity' },
  contacts: { differentContact: false },
  cooperation: {},
  brands: { multibrand: false, brands: [{ designerSection: false, trademark: false, ownership: 'owner' }] },
  categories: { categories: [{}] },
  channels: {},
};
