// The steps of manual product creation (spec 000 §4: general info, composition, price and size, legal
// info) with direct navigation; the open step lives in the URL (?step=N) so a reload keeps it.
import { useCallback } from 'react';
import { Steps } from 'antd';
import { useSearchParams } from 'react-router';
import { nomenclaturesText } from '../locale';

const STEP_TITLES = [
  nomenclaturesText.steps.step1,
  nomenclaturesText.steps.step2,
  nomenclaturesText.steps.step3,
  nomenclaturesText.steps.step4,
];

/** The open step (0-based) from ?step=N, and a way to change it without a new history entry. */
export function useFormStep(): [number, (step: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('step') ?? '1');
  const current = Number.isInteger(raw) && raw >= 1 && raw <= STEP_TITLES.length ? raw - 1 : 0;
  const setStep = useCallback(
    (index: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('step', String(index + 1));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [current, setStep];
}

export function CreationSteps({ errorSteps = [] }: { errorSteps?: readonly number[] }) {
  const [current, setStep] = useFormStep();
  return (
    <Steps
      orientation="vertical"
      size="small"
      current={current}
      aria-label={nomenclaturesText.steps.ariaLabel}
      onChange={setStep}
      items={STEP_TITLES.map((title, i) => ({
        title,
        status: errorSteps.includes(i) ? 'error' : undefined,
      }))}
    />
  );
}
