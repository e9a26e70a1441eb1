// The steps of manual product creation (spec 000 §4: general info, composition, price and size, legal
// info) with direct navigation; the open step lives in the URL (?step=N) so a reload keeps it.
import { Steps } from 'antd';
import { useSearchParams } from 'react-router';
import { nomenclaturesText } from '../locale';

const STEP_TITLES = [
  nomenclaturesText.steps.step1,
  nomenclaturesText.steps.step2,
  nomenclaturesText.steps.step3,
  nomenclaturesText.steps.step4,
];

export function CreationSteps() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('step') ?? '1');
  const current = Number.isInteger(raw) && raw >= 1 && raw <= STEP_TITLES.length ? raw - 1 : 0;
  return (
    <Steps
      orientation="vertical"
      size="small"
      current={current}
      aria-label={nomenclaturesText.steps.ariaLabel}
      onChange={(index) =>
        setParams(
          (prev) => {
            prev.set('step', String(index + 1));
            return prev;
          },
          { replace: true },
        )
      }
      items={STEP_TITLES.map((title) => ({ title }))}
    />
  );
}
