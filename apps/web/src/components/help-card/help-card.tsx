// The support card pages show beside their work: when support answers and how to reach it.
import { Card, Typography } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { SUPPORT_EMAIL } from '../../lib/constants';
import { componentsText } from '../locale';

export function HelpCard() {
  const text = componentsText.helpCard;
  return (
    <Card
      size="small"
      title={
        <span>
          <CustomerServiceOutlined aria-hidden /> {text.title}
        </span>
      }
      className="help-card"
    >
      <Typography.Paragraph>{text.hours}</Typography.Paragraph>
      <Typography.Paragraph className="help-card__contact">
        {text.email} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </Typography.Paragraph>
    </Card>
  );
}
