// The manual creation and editing stepper (spec 000 §4): one draft kept across steps (next, back and the
// side bar's direct navigation keep input), checked with the contract's schema before it goes out; server
// field errors land on their fields and open their step. 'Create' / 'Save' go to the list filtered to the
// card; the 'and duplicate' variants keep the form for the next card with new SKUs and barcodes.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Flex, Form, Typography } from 'antd';
import { LayoutSideBar } from '../../../components/layout-slots/layout-slots';
import { PageHeader } from '../../../components/page-header/page-header';
import { useUnsavedChangesPrompt } from '../../../components/unsaved-changes/use-unsaved-changes-prompt';
import { useQueryClient } from '@tanstack/react-query';
import { failureDescription, fieldErrorsOf } from '../../../lib/forms';
import { useAttributes, useStoreCard } from '../api/catalogue-queries';
import { nomenclatureKeys } from '../api/nomenclature-keys';
import { CreationSteps, useFormStep } from '../components/creation-steps';
import { ReadOnlyNotice, useCatalogueReadOnly, WhyDisabled } from '../components/read-only';
import {
  cardFromDraft,
  duplicateDraft,
  firstErrorStep,
  normalizePath,
  STEP_COUNT,
  stepOfField,
  validateDraft,
  type CardDraft,
  type FieldErrors,
} from '../model/card-draft';
import { nomenclaturesText } from '../locale';
import { CompositionStep, GeneralStep, LegalStep, SizesStep } from './form-steps';
import '../nomenclatures.css';

const text = nomenclaturesText.form;
const STEP_TITLES = [
  nomenclaturesText.steps.step1,
  nomenclaturesText.steps.step2,
  nomenclaturesText.steps.step3,
  nomenclaturesText.steps.step4,
];

export interface ProductFormProps {
  partnerId: number;
  mode: 'create' | 'edit';
  title: string;
  initial: CardDraft;
  moderationReason?: string | null;
}

/** Where the seller lands after saving: the list on the moderation tab, filtered to the card. */
export const listUrlFor = (sellerParentSku: string) =>
  `/nomenclatures?tab=moderation_pending&search=${encodeURIComponent(sellerParentSku)}`;

export function ProductForm({ partnerId, mode, title, initial, moderationReason }: ProductFormProps) {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useFormStep();
  const [draft, setDraft] = useState<CardDraft>(initial);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [leaving, setLeaving] = useState<{ to: string; state?: unknown } | null>(null);
  const attributes = useAttributes(draft.category);
  const attributeDefs = useMemo(() => attributes.data?.items ?? [], [attributes.data]);
  const store = useStoreCard(partnerId);
  const topRef = useRef<HTMLDivElement>(null);
  // Until the cooperation terms are signed the card can be looked through but not filled in or sent.
  const { readOnly, reason } = useCatalogueReadOnly();

  useUnsavedChangesPrompt(dirty && !leaving);
  useEffect(() => {
    if (leaving) void navigate(leaving.to, { state: leaving.state });
  }, [leaving, navigate]);

  const change = (next: (d: CardDraft) => CardDraft) => {
    setDraft(next);
    setDirty(true);
  };

  // An error disappears from the screen once its field changes.
  const onDraftChange = (next: (d: CardDraft) => CardDraft) => {
    const before = draft;
    change(next);
    const after = next(before);
    if (Object.keys(errors).length === 0) return;
    setErrors((prev) =>
      Object.fromEntries(
        Object.entries(prev).filter(([path]) => {
          const read = (d: CardDraft) => JSON.stringify(pick(d, path));
          return read(before) === read(after);
        }),
      ),
    );
  };

  const errorSteps = useMemo(
    () => [...new Set(Object.keys(errors).map((p) => stepOfField(p, attributeDefs)))],
    [errors, attributeDefs],
  );

  const goTo = (next: number) => {
    setStep(next);
    topRef.current?.scrollIntoView?.({ block: 'start' });
  };

  const onNext = () => {
    const found = validateDraft(draft, attributeDefs);
    const here = Object.fromEntries(
      Object.entries(found).filter(([p]) => stepOfField(p, attributeDefs) === step),
    );
    setErrors(here);
    if (Object.keys(here).length === 0) goTo(step + 1);
  };

  const submit = (duplicate: boolean) => {
    if (readOnly) return;
    const found = validateDraft(draft, attributeDefs);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      goTo(firstErrorStep(found, attributeDefs) ?? step);
      notification.error({ title: text.fixErrors });
      return;
    }
    setErrors({});
    store.mutate(cardFromDraft(draft, attributeDefs), {
      onSuccess: (result) => {
        void queryClient.invalidateQueries({ queryKey: nomenclatureKeys.all });
        notification.success({ title: text.sent });
        if (!duplicate) {
          setLeaving({ to: listUrlFor(result.sellerParentSku) });
          return;
        }
        const next = duplicateDraft(draft);
        if (mode === 'edit') {
          setLeaving({ to: '/nomenclatures/add/manually?step=1', state: { duplicate: next } });
          return;
        }
        setDraft(next);
        setDirty(true);
        goTo(0);
        notification.info({ title: text.duplicated });
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        if (fieldErrors.length > 0) {
          const mapped: FieldErrors = {};
          for (const e of fieldErrors) mapped[normalizePath(e.field)] ??= e.message;
          setErrors(mapped);
          goTo(firstErrorStep(mapped, attributeDefs) ?? step);
          notification.error({ title: text.fixErrors });
          return;
        }
        notification.error({
          title: text.saveFailed,
          description: failureDescription(error),
        });
      },
    });
  };

  const stepProps = { draft, change: onDraftChange, errors: errors };
  const isLast = step === STEP_COUNT - 1;
  // The category's attribute set decides what is sent and checked: wait for it.
  const referenceLoading = Boolean(draft.category) && attributes.isPending;

  return (
    <div className="product-form" ref={topRef}>
      <PageHeader title={title} subtitle={`${step + 1} / ${STEP_COUNT} · ${STEP_TITLES[step]}`} />
      <LayoutSideBar>
        <CreationSteps errorSteps={errorSteps} />
      </LayoutSideBar>
      {moderationReason ? (
        <Alert
          className="product-form__note"
          type="warning"
          showIcon
          title={text.moderationNote}
          description={moderationReason}
        />
      ) : null}
      {readOnly ? <ReadOnlyNotice className="product-form__note" /> : null}
      <Form layout="vertical" component="div" className="product-form__step" requiredMark disabled={readOnly}>
        <Typography.Title level={2} className="product-form__step-title" style={{ fontSize: 20 }}>
          {STEP_TITLES[step]}
        </Typography.Title>
        {step === 0 ? <GeneralStep {...stepProps} partnerId={partnerId} attributes={attributeDefs} /> : null}
        {step === 1 ? <CompositionStep {...stepProps} /> : null}
        {step === 2 ? <SizesStep {...stepProps} /> : null}
        {step === 3 ? <LegalStep {...stepProps} /> : null}
      </Form>
      <Flex className="product-form__buttons" gap={8} wrap justify="space-between">
        <Flex gap={8} wrap>
          {step > 0 ? <Button onClick={() => goTo(step - 1)}>{text.back}</Button> : null}
          {!isLast ? (
            <Button type="primary" onClick={onNext}>
              {text.next}
            </Button>
          ) : null}
        </Flex>
        <Flex gap={8} wrap>
          <WhyDisabled reason={reason}>
            <Button
              loading={store.isPending}
              disabled={referenceLoading || readOnly}
              onClick={() => submit(true)}
            >
              {mode === 'create' ? text.createAndDuplicate : text.saveAndDuplicate}
            </Button>
          </WhyDisabled>
          <WhyDisabled reason={reason}>
            <Button
              type={isLast ? 'primary' : 'default'}
              loading={store.isPending}
              disabled={referenceLoading || readOnly}
              onClick={() => submit(false)}
            >
              {mode === 'create' ? text.create : text.save}
            </Button>
          </WhyDisabled>
        </Flex>
      </Flex>
    </div>
  );
}

/** The value at a dotted path of the draft ('sizes.1.barcode', 'erpCategory'). */
function pick(d: CardDraft, path: string): unknown {
  return path.split('.').reduce<unknown>((acc, key) => {
    if (acc === null || typeof acc !== 'object') return undefined;
    return (acc as Record<string, unknown>)[key];
  }, d);
}
