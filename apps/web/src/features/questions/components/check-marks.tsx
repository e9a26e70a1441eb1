// The pre-send check shown under the composer (and in the moderation queue): the answer with what the
// automatic moderation would refuse marked, and a line per rule. The rules are the contracts' checkAnswer,
// the very function the server runs when the answer is sent.
import type { ReactNode } from 'react';
import { Alert, Typography } from 'antd';
import { CHECK_RULES, fill, type CheckHit } from '@moda/contracts';
import { questionsText } from '../locale';

const text = questionsText.composer;

/** The text with each hit wrapped in <mark>, titled with its rule. */
export function MarkedText({ value, hits }: { value: string; hits: readonly CheckHit[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  hits.forEach((h, i) => {
    if (h.start > at) parts.push(value.slice(at, h.start));
    parts.push(
      <mark key={i} className="questions__mark" title={CHECK_RULES[h.rule].label}>
        {value.slice(h.start, h.end)}
      </mark>,
    );
    at = h.end;
  });
  if (at < value.length) parts.push(value.slice(at));
  return <span className="questions__marked">{parts}</span>;
}

export function CheckResult({ value, hits }: { value: string; hits: readonly CheckHit[] }) {
  if (!value.trim()) return null;
  if (!hits.length)
    return (
      <Typography.Text type="success" className="questions__check-ok" role="status">
        {text.checkOk}
      </Typography.Text>
    );
  const rules = [...new Set(hits.map((h) => h.rule))];
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      className="questions__check"
      title={text.checkTitle}
      description={
        <>
          <p className="questions__check-text">
            <MarkedText value={value} hits={hits} />
          </p>
          <ul className="questions__check-list">
            {rules.map((r) => (
              <li key={r}>
                <strong>
                  {fill(text.checkHit, {
                    label: CHECK_RULES[r].label,
                    match: hits
                      .filter((h) => h.rule === r)
                      .map((h) => h.match)
                      .join('», «'),
                  })}
                </strong>
                {' — '}
                {CHECK_RULES[r].explanation}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
