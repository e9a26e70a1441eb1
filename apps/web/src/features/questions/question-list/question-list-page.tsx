// Customer questions and reviews (spec 000 §2 /questions): one screen, the kind in the URL
// (?type=review). Until its issue lands, each tab is a work-in-progress page.
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { WorkInProgress } from '../../../components/work-in-progress/work-in-progress';
import { questionsText } from '../locale';

export const FEEDBACK_TYPES = { question: 'question', review: 'review' } as const;

export function QuestionListPage() {
  const [params, setParams] = useSearchParams();
  const type = params.get('type') === FEEDBACK_TYPES.review ? FEEDBACK_TYPES.review : FEEDBACK_TYPES.question;
  const text = questionsText.list;
  return (
    <Tabs
      activeKey={type}
      onChange={(key) => setParams(key === FEEDBACK_TYPES.question ? {} : { type: key })}
      items={[
        {
          key: FEEDBACK_TYPES.question,
          label: text.tabQuestions,
          children: <WorkInProgress title={text.title} />,
        },
        {
          key: FEEDBACK_TYPES.review,
          label: text.tabReviews,
          children: <WorkInProgress title={text.reviewsTitle} />,
        },
      ]}
    />
  );
}
