// The 3-step warehouse form (general info, delivery method, return method). All steps stay mounted, so
// moving between them keeps every input; each step is checked with the contract's schema before moving
// on, and every field error — the browser's or the server's — lands on its field and opens its step.
import { useMemo, useState } from 'react';
import { App, Button, Form, Steps } from 'antd';
import { fill, type FieldError, type Warehouse } from '@moda/contracts';
import { failureDescription, fieldErrorsOf, setFieldErrors } from '../../../lib/forms';
import type { Result } from '../../../lib/api/rpc-client';
import { formatDateTime } from '../../../lib/dates';
import {
  useActivateWarehouse,
  useCreateWarehouse,
  useEditWarehouse,
  type CreateParams,
} from '../api/warehouse-mutations';
import { replacementNotice, type ActiveInfo } from '../components/use-warehouse-actions';
import { useWarehouseNotices } from '../components/use-warehouse-notices';
import { warehousesText } from '../locale';
import {
  buildDraft,
  buildFinished,
  formFieldOf,
  FORM_FIELDS,
  placeFieldErrors,
  STEP_COUNT,
  STEP_KEYS,
  stepOfField,
  toFormValues,
  validateStep,
  type FinishedForm,
  type MethodType,
  type StepKey,
  type WarehouseFormValues,
} from '../model/warehouse-form-model';
import type { BasePoint } from './base-point-field';
import { DeliveryStep } from './delivery-step';
import { GeneralStep } from './general-step';
import { ReturnStep } from './return-step';

const t = warehousesText;

export type DeliveryProfile = Result<'v1.warehouses.delivery-profiles.get'>;
type SaveResult = Result<'v1.warehouses.create'>;

export interface WarehouseFormProps {
  partnerId: number;
  /** The warehouse being edited; null for a new one. */
  warehouse: Warehouse | null;
  /** 0-based step, kept in the URL by the caller. */
  step: number;
  onStepChange: (step: number) => void;
  onDirtyChange: (dirty: boolean) => void;
  /** After a successful save: the caller closes the form. */
  onSaved: () => void;
  profile: DeliveryProfile | undefined;
  points: BasePoint[];
  activeInfo: ActiveInfo;
  now?: Date;
}

type Saving = 'draft' | 'add' | 'activate' | null;
const NO_METHODS: readonly MethodType[] = [];
const NO_ERRORS: ReadonlyMap<string, string[]> = new Map();

/** Leaf paths of a changed-values object (arrays are single fields). */
function changedPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    changedPaths(v, prefix ? `${prefix}.${k}` : k),
  );
}

export function WarehouseForm({
  partnerId,
  warehouse,
  step,
  onStepChange,
  onDirtyChange,
  onSaved,
  profile,
  points,
  activeInfo,
  now: nowProp,
}: WarehouseFormProps) {
  // One «now» for the form's life: the steps are memoised and must not see a new date every render.
  const [now] = useState(() => nowProp ?? new Date());
  const { modal } = App.useApp();
  const notices = useWarehouseNotices();
  const [form] = Form.useForm<WarehouseFormValues>();
  const initialValues = useMemo(() => toFormValues(warehouse ?? undefined), [warehouse]);
  const [stepErrors, setStepErrors] = useState<boolean[]>(() => STEP_KEYS.map(() => false));
  const [saving, setSaving] = useState<Saving>(null);
  const create = useCreateWarehouse();
  const edit = useEditWarehouse();
  const activate = useActivateWarehouse();

  const isDraft = !warehouse || warehouse.status === 'draft';
  const lockTypes = !isDraft;
  const deliveryType: MethodType | undefined = Form.useWatch(['deliveryMethod', 'type'], form);
  const allowed: readonly MethodType[] = profile?.configured ? profile.allowedDeliveryMethods : NO_METHODS;
  const values = () => form.getFieldsValue(true) as WarehouseFormValues;
  const last = step === STEP_COUNT - 1;

  const refreshStepErrors = () => {
    const next = STEP_KEYS.map((_, i) =>
      form.getFieldsError().some((f) => f.errors.length > 0 && stepOfField(f.name.join('.')) === i),
    );
    setStepErrors((prev) => (prev.every((v, i) => v === next[i]) ? prev : next));
  };

  /** Shows `errors` on their fields (clearing the others of `scope`, or of the whole form). */
  const showErrors = (errors: readonly FieldError[], scope?: StepKey) => {
    const fields = scope ? FORM_FIELDS.filter((f) => f.startsWith(`${scope}.`)) : FORM_FIELDS;
    const placed = placeFieldErrors(errors, fields);
    setFieldErrors(form, placed.byField, fields);
    refreshStepErrors();
    return placed;
  };

  const goNext = () => {
    const key = STEP_KEYS[step];
    if (!key) return;
    const errors = validateStep(key, values(), now);
    showErrors(errors, key);
    if (errors.length === 0) onStepChange(Math.min(step + 1, STEP_COUNT - 1));
  };

  const serverFailed = (error: unknown) => {
    const fieldErrors = fieldErrorsOf(error);
    if (fieldErrors.length > 0) {
      const placed = showErrors(fieldErrors);
      if (placed.firstStep !== null) onStepChange(placed.firstStep);
      notices.failure(
        error,
        failureDescription(error, { unplaced: placed.unplaced }) ?? t.notices.checkFields,
      );
      return;
    }
    notices.failure(error);
  };

  const announce = (result: SaveResult) => {
    const n = t.notices;
    const replaced = activeInfo.active;
    switch (result.outcome) {
      case 'added':
        notices.success(
          n.added,
          result.warehouse.status === 'action_required' ? n.addedAwaiting : n.addedInactive,
        );
        break;
      case 'addedAndActivated':
        notices.success(
          n.addedAndActivated,
          result.deactivatedId
            ? replaced && replaced.id === result.deactivatedId
              ? fill(n.previousDeactivated, { name: replaced.general.name })
              : n.previousDeactivatedUnknown
            : undefined,
        );
        break;
      case 'savedAsDraft':
        notices.success(n.savedAsDraft, n.savedAsDraftHint);
        break;
      case 'changesApplied': {
        const from = result.warehouse.scheduleEffectiveFrom;
        const scheduleChanged = from !== null && from !== (warehouse?.scheduleEffectiveFrom ?? null);
        notices.success(
          n.changesApplied,
          scheduleChanged ? fill(n.scheduleLater, { date: formatDateTime(from) }) : undefined,
        );
        break;
      }
    }
  };

  const send = async (payload: FinishedForm, mode: 'draft' | 'add' | 'activate') => {
    setSaving(mode);
    try {
      const params: CreateParams = { partnerId, ...payload, draft: mode === 'draft' };
      if (!warehouse) {
        announce(await create.mutateAsync({ ...params, activate: mode === 'activate' }));
      } else {
        const saved = await edit.mutateAsync({ ...params, id: warehouse.id });
        if (mode === 'activate' && saved.warehouse.status === 'inactive') {
          // Editing has no «activate»: a finished draft is activated by a second call.
          try {
            const activated = await activate.mutateAsync({ partnerId, id: warehouse.id });
            announce({ ...activated, outcome: 'addedAndActivated' });
          } catch (error) {
            announce(saved);
            notices.failure(error);
          }
        } else announce(saved);
      }
      onDirtyChange(false);
      onSaved();
    } catch (error) {
      serverFailed(error);
    } finally {
      setSaving(null);
    }
  };

  const submit = (mode: 'add' | 'activate') => {
    const built = buildFinished(values(), now);
    if (!built.ok) {
      const placed = showErrors(built.errors);
      if (placed.firstStep !== null) onStepChange(placed.firstStep);
      return;
    }
    showErrors([]);
    const replaces = mode === 'activate' ? replacementNotice(warehouse?.id ?? null, activeInfo) : null;
    if (!replaces) {
      void send(built.form, mode);
      return;
    }
    modal.confirm({
      title: fill(t.confirm.activateTitle, { name: built.form.general.name }),
      content: replaces,
      okText: t.confirm.activateOk,
      cancelText: t.confirm.cancel,
      onOk: () => send(built.form, mode),
    });
  };

  const saveDraft = () => {
    const draft = buildDraft(values(), now);
    if (draft.nameErrors.length) {
      showErrors(draft.nameErrors);
      onStepChange(0);
      return;
    }
    if (draft.incomplete.length === 0) {
      showErrors([]);
      void send(draft.form, 'draft');
      return;
    }
    const placed = showErrors(draft.incomplete.flatMap((p) => p.errors));
    const text = t.form.draftIncomplete;
    modal.confirm({
      title: text.title,
      content: fill(text.content, { parts: draft.incomplete.map((p) => text.parts[p.part]).join(', ') }),
      okText: text.ok,
      cancelText: text.cancel,
      onOk: () => send(draft.form, 'draft'),
      onCancel: () => {
        if (placed.firstStep !== null) onStepChange(placed.firstStep);
      },
    });
  };

  const stepTitles = [t.form.steps.general, t.form.steps.delivery, t.form.steps.return];
  /** While one save runs, the other buttons wait; the running one shows its spinner. */
  const locked = (mode?: Saving) => saving !== null && saving !== mode;

  return (
    <div className="warehouse-form">
      <nav aria-label={t.form.stepsLabel} className="warehouse-form__steps">
        <Steps
          current={step}
          size="small"
          onChange={onStepChange}
          items={stepTitles.map((title, i) => ({ title, status: stepErrors[i] ? 'error' : undefined }))}
        />
      </nav>
      <Form<WarehouseFormValues>
        form={form}
        name="warehouse"
        layout="vertical"
        initialValues={initialValues}
        className="warehouse-form__body"
        onValuesChange={(changed: Partial<WarehouseFormValues>) => {
          onDirtyChange(true);
          const touched = changedPaths(changed)
            .map(formFieldOf)
            .filter((f): f is string => f !== null);
          // A field being edited drops its message; the steps' marks follow.
          if (setFieldErrors(form, NO_ERRORS, touched)) refreshStepErrors();
        }}
      >
        <section hidden={step !== 0} aria-label={stepTitles[0]}>
          <GeneralStep now={now} />
        </section>
        <section hidden={step !== 1} aria-label={stepTitles[1]}>
          {profile && !profile.configured ? (
            <p className="warehouse-form__warning">{t.form.profileNotConfigured}</p>
          ) : null}
          <DeliveryStep allowed={allowed} locked={lockTypes} points={points} />
        </section>
        <section hidden={step !== 2} aria-label={stepTitles[2]}>
          {profile && !profile.configured ? (
            <p className="warehouse-form__warning">{t.form.profileNotConfigured}</p>
          ) : null}
          <ReturnStep allowed={allowed} locked={lockTypes} points={points} />
        </section>
      </Form>

      <div className="warehouse-form__footer">
        {isDraft ? (
          <Button onClick={saveDraft} loading={saving === 'draft'} disabled={locked('draft')}>
            {t.form.buttons.saveDraft}
          </Button>
        ) : null}
        <span className="warehouse-form__spacer" />
        {step > 0 ? (
          <Button onClick={() => onStepChange(step - 1)} disabled={locked()}>
            {t.form.buttons.back}
          </Button>
        ) : null}
        {!last ? (
          <Button type={isDraft ? 'primary' : 'default'} onClick={goNext} disabled={locked()}>
            {t.form.buttons.next}
          </Button>
        ) : null}
        {isDraft && last ? (
          <>
            {deliveryType === 'DROP_OFF' ? (
              <Button
                onClick={() => submit('activate')}
                loading={saving === 'activate'}
                disabled={locked('activate')}
              >
                {t.form.buttons.addAndActivate}
              </Button>
            ) : null}
            <Button
              type="primary"
              onClick={() => submit('add')}
              loading={saving === 'add'}
              disabled={locked('add')}
            >
              {t.form.buttons.add}
            </Button>
          </>
        ) : null}
        {!isDraft ? (
          <Button
            type="primary"
            onClick={() => submit('add')}
            loading={saving === 'add'}
            disabled={locked('add')}
          >
            {t.form.buttons.save}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
