// Products (spec 000 §2 nomenclatures): the /nomenclatures/add screen — the choice between filling a card
// by hand and loading an Excel file (the Excel pages belong to another issue), with the help card aside.
import { Link } from 'react-router';
import { Button, Card, Col, Row, Typography } from 'antd';
import { EditOutlined, FileExcelOutlined } from '@ant-design/icons';
import { LayoutAside } from '../../../components/layout-slots/layout-slots';
import { HelpCard } from '../../../components/help-card/help-card';
import { PageHeader } from '../../../components/page-header/page-header';
import { ReadOnlyNotice, useCatalogueReadOnly, WhyDisabled } from '../components/read-only';
import { nomenclaturesText } from '../locale';
import '../nomenclatures.css';

const text = nomenclaturesText.add;

export function ProductAddPage() {
  // Until the terms are signed no product can be added: the ways stay described, their buttons say why not.
  const { readOnly, reason } = useCatalogueReadOnly();
  const options = [
    { key: 'manually', to: '/nomenclatures/add/manually', icon: <EditOutlined />, ...text.manually },
    { key: 'excel', to: '/nomenclatures/add/excel', icon: <FileExcelOutlined />, ...text.excel },
  ];
  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      {readOnly ? <ReadOnlyNotice className="product-add__notice" /> : null}
      <Row gutter={[16, 16]} className="product-add__options">
        {options.map((o) => (
          <Col key={o.key} xs={24} md={12}>
            <Card className="product-add__option" data-option={o.key}>
              <Typography.Title level={2} className="product-add__title">
                <span aria-hidden>{o.icon}</span> {o.title}
              </Typography.Title>
              <Typography.Paragraph type="secondary">{o.description}</Typography.Paragraph>
              {readOnly ? (
                <WhyDisabled reason={reason}>
                  <Button type={o.key === 'manually' ? 'primary' : 'default'} disabled>
                    {o.action}
                  </Button>
                </WhyDisabled>
              ) : (
                <Link to={o.to} className="product-add__link">
                  <Button type={o.key === 'manually' ? 'primary' : 'default'}>{o.action}</Button>
                </Link>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      <LayoutAside>
        <HelpCard />
      </LayoutAside>
    </>
  );
}
