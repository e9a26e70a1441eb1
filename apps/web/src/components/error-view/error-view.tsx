// The error screen (spec 000 §2 /error/404, /error/default): a missing page says which path was not
// found; any other failure gets a generic message with a way back. The two never look alike.
import { Button, Collapse, Result, Typography } from 'antd';
import { Link } from 'react-router';
import { PAGE_NOT_FOUND_TEMPLATE } from '../../lib/errors/page-errors';
import { usePageTitle } from '../page-header/use-page-title';
import { componentsText } from '../locale';

export type ErrorViewProps = (
  { kind: 'notFound'; path: string } | { kind: 'default'; details?: string | undefined }
) & {
  /** Shown inside another page: no tab title, a second-level heading. */
  embedded?: boolean;
};

export function ErrorView(props: ErrorViewProps) {
  const text = componentsText.errors;
  const title = props.kind === 'notFound' ? text.notFoundTitle : text.defaultTitle;
  usePageTitle(props.embedded ? null : title);
  const Heading = props.embedded ? 'h2' : 'h1';
  if (props.kind === 'notFound') {
    return (
      <Result
        status="404"
        className="error-view error-view--not-found"
        title={<Heading className="error-view__title">{title}</Heading>}
        subTitle={
          <>
            <Typography.Paragraph className="error-view__message" data-testid="not-found-message">
              {PAGE_NOT_FOUND_TEMPLATE.replace('{path}', props.path)}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{text.notFoundDescription}</Typography.Paragraph>
          </>
        }
        extra={
          <Link to="/">
            <Button type="primary">{text.home}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <Result
      status="500"
      className="error-view error-view--default"
      title={<Heading className="error-view__title">{title}</Heading>}
      subTitle={text.defaultDescription}
      extra={[
        <Button key="reload" type="primary" onClick={() => globalThis.location.reload()}>
          {text.reload}
        </Button>,
        <Link key="home" to="/">
          <Button>{text.home}</Button>
        </Link>,
      ]}
    >
      {props.details ? (
        <Collapse
          size="small"
          items={[
            {
              key: 'details',
              label: text.details,
              children: <pre className="error-view__details">{props.details}</pre>,
            },
          ]}
        />
      ) : null}
    </Result>
  );
}
