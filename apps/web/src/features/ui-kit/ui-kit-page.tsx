// /ui-kit: the shared components and the theme on one page, so that designers and later issues see
// what exists before building a screen.
import { useState, type ReactNode } from 'react';
import {
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Flex,
  Input,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { COUNTRY_LABELS, Country, fill } from '@moda/contracts';
import { ErrorView } from '../../components/error-view/error-view';
import { HelpCard } from '../../components/help-card/help-card';
import { PageHeader } from '../../components/page-header/page-header';
import { useUnsavedChangesPrompt } from '../../components/unsaved-changes/use-unsaved-changes-prompt';
import { WorkInProgress } from '../../components/work-in-progress/work-in-progress';
import { BRAND_COLOR, BREAKPOINTS, DATE_FORMAT } from '../../lib/constants';
import { dayjs, formatDate } from '../../lib/dates';
import { uiKitText as t } from './locale';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="ui-kit__section" title={<h2 className="card-title">{title}</h2>}>
      {children}
    </Card>
  );
}

function UnsavedDemo() {
  const [value, setValue] = useState('');
  useUnsavedChangesPrompt(value.trim() !== '');
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t.unsaved.hint}</Typography.Text>
      <label className="field">
        <span className="field__label">{t.unsaved.label}</span>
        <Input.TextArea value={value} onChange={(e) => setValue(e.target.value)} rows={2} />
      </label>
      <Link to="/">{t.unsaved.leave}</Link>
    </Flex>
  );
}

export function UiKitPage() {
  const { notification } = App.useApp();
  const n = t.notifications;
  return (
    <div className="ui-kit">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <Section title={t.sections.colors}>
        <Space wrap size={16}>
          <span className="swatch" style={{ background: BRAND_COLOR }}>
            {t.colors.brand} {BRAND_COLOR}
          </span>
          <span className="swatch swatch--text">{t.colors.brandText}</span>
        </Space>
      </Section>
      <Section title={t.sections.buttons}>
        <Space wrap>
          <Button type="primary">{t.buttons.primary}</Button>
          <Button>{t.buttons.default}</Button>
          <Button type="dashed">{t.buttons.dashed}</Button>
          <Button type="text">{t.buttons.text}</Button>
          <Button type="link">{t.buttons.link}</Button>
          <Button danger>{t.buttons.danger}</Button>
          <Button type="primary" loading>
            {t.buttons.loading}
          </Button>
          <Button disabled>{t.buttons.disabled}</Button>
        </Space>
      </Section>
      <Section title={t.sections.inputs}>
        <div className="ui-kit__fields">
          <label className="field">
            <span className="field__label">{t.inputs.text}</span>
            <Input placeholder={t.inputs.textPlaceholder} />
          </label>
          <label className="field">
            <span className="field__label">{t.inputs.password}</span>
            <Input.Password autoComplete="new-password" />
          </label>
          <label className="field">
            <span className="field__label">{t.inputs.select}</span>
            <Select
              defaultValue="RU"
              aria-label={t.inputs.select}
              options={Country.options.map((c) => ({ value: c, label: COUNTRY_LABELS[c] }))}
            />
          </label>
          <label className="field">
            <span className="field__label">{t.inputs.date}</span>
            <DatePicker format={DATE_FORMAT} defaultValue={dayjs()} aria-label={t.inputs.date} />
          </label>
          <Checkbox>{t.inputs.checkbox}</Checkbox>
          <Space>
            <Switch defaultChecked aria-label={t.inputs.switch} />
            <span>{t.inputs.switch}</span>
          </Space>
        </div>
      </Section>
      <Section title={t.sections.tags}>
        <Space wrap>
          <Tag color="green">{t.tags.online}</Tag>
          <Tag color="gold">{t.tags.moderation}</Tag>
          <Tag color="red">{t.tags.rejected}</Tag>
          <Tag>{t.tags.draft}</Tag>
        </Space>
      </Section>
      <Section title={t.sections.notifications}>
        <Space wrap>
          <Button onClick={() => notification.success({ title: n.success, description: n.successText })}>
            {n.success}
          </Button>
          <Button onClick={() => notification.info({ title: n.info, description: n.infoText })}>
            {n.info}
          </Button>
          <Button onClick={() => notification.warning({ title: n.warning, description: n.warningText })}>
            {n.warning}
          </Button>
          <Button onClick={() => notification.error({ title: n.error, description: n.errorText })}>
            {n.error}
          </Button>
        </Space>
      </Section>
      <Section title={t.sections.dates}>
        <Typography.Paragraph>
          {t.dates.today}: {formatDate(new Date())}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t.dates.format}</Typography.Text>
      </Section>
      <Section title={t.sections.table}>
        <Table
          size="small"
          pagination={false}
          rowKey="sku"
          scroll={{ x: 480 }}
          dataSource={t.table.rows}
          columns={[
            { title: t.table.sku, dataIndex: 'sku' },
            { title: t.table.name, dataIndex: 'name' },
            {
              title: t.table.price,
              dataIndex: 'price',
              align: 'right',
              render: (v: number) => v.toLocaleString('ru-RU'),
            },
            { title: t.table.updated, key: 'updated', render: () => formatDate(new Date()) },
          ]}
        />
      </Section>
      <Section title={t.sections.empty}>
        <Empty description={t.empty} />
      </Section>
      <Section title={t.sections.wip}>
        <WorkInProgress embedded />
      </Section>
      <Section title={t.sections.errors}>
        <div className="ui-kit__errors">
          <ErrorView kind="notFound" path="/unknown" embedded />
          <ErrorView kind="default" embedded />
        </div>
      </Section>
      <Section title={t.sections.help}>
        <HelpCard />
      </Section>
      <Section title={t.sections.unsaved}>
        <UnsavedDemo />
      </Section>
      <Section title={t.sections.breakpoints}>
        <Space wrap>
          {Object.values(BREAKPOINTS).map((width) => (
            <Tag key={width}>{fill(t.breakpoint, { width })}</Tag>
          ))}
        </Space>
      </Section>
    </div>
  );
}
