// Trademark documents of the questionnaire's brands: the applicant reserves one (the declared name and size
// checked by the contract's rule), uploads it through the shared pipeline into that reservation (kind
// survey_trademark: the content and the size checked again while streaming), names it in a brand of the draft,
// and may take it out while the questionnaire is theirs. Only the applicant and staff open it.
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import {
  SurveyStateMachine,
  type FileFormat,
  type SurveyAttachment,
  type SurveyBrand,
} from '@moda/contracts';
import type { CallContext } from '../../core/context';
import { requirePrincipal } from '../../core/context';
import { AppError } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import type { ApplicantUploads, StoredUpload } from '../uploads';
import { onboardingAttachments, onboardingSurveys } from './onboarding.schema';

type AttachmentRow = typeof onboardingAttachments.$inferSelect;

/** Where the applicant may still change the questionnaire: the states a page may be saved from. */
const EDITABLE: readonly string[] = SurveyStateMachine.transitions.save.from;

export function toAttachment(row: AttachmentRow): SurveyAttachment {
  return {
    id: row.id,
    name: row.name,
    format: row.format as FileFormat,
    size: row.size ?? 0,
    uploadedAt: (row.uploadedAt ?? row.createdAt).toISOString(),
  };
}

export async function insertReservation(
  db: DbOrTx,
  v: { surveyId: string; userId: string; name: string; at: Date },
): Promise<string> {
  const [row] = await db
    .insert(onboardingAttachments)
    .values({ surveyId: v.surveyId, userId: v.userId, status: 'reserved', name: v.name, createdAt: v.at })
    .returning({ id: onboardingAttachments.id });
  return row!.id;
}

/** The questionnaire's uploaded documents, oldest first. */
export async function uploadedOf(db: DbOrTx, surveyId: string): Promise<SurveyAttachment[]> {
  const rows = await db
    .select()
    .from(onboardingAttachments)
    .where(and(eq(onboardingAttachments.surveyId, surveyId), eq(onboardingAttachments.status, 'uploaded')))
    .orderBy(asc(onboardingAttachments.createdAt), asc(onboardingAttachments.id));
  return rows.map(toAttachment);
}

/** Ids among `ids` that are not the questionnaire's uploaded documents (another applicant's answer so too). */
export async function notOwn(db: DbOrTx, surveyId: string, ids: string[]): Promise<Set<string>> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const candidates = ids.filter((id) => uuid.test(id));
  const found = candidates.length
    ? await db
        .select({ id: onboardingAttachments.id })
        .from(onboardingAttachments)
        .where(
          and(
            eq(onboardingAttachments.surveyId, surveyId),
            eq(onboardingAttachments.status, 'uploaded'),
            inArray(onboardingAttachments.id, candidates),
          ),
        )
    : [];
  const own = new Set(found.map((r) => r.id));
  return new Set(ids.filter((id) => !own.has(id)));
}

/**
 * Drop the questionnaire's documents no brand names any more (all of them when `keep` is empty), and any
 * reservation left unfilled; returns the storage keys to remove once the transaction commits.
 */
export async function dropUnnamed(db: DbOrTx, surveyId: string, keep: string[]): Promise<string[]> {
  const rows = await db
    .delete(onboardingAttachments)
    .where(
      and(
        eq(onboardingAttachments.surveyId, surveyId),
        keep.length ? notInArray(onboardingAttachments.id, keep) : sql`true`,
      ),
    )
    .returning({ key: onboardingAttachments.storageKey });
  return rows.map((r) => r.key).filter((k): k is string => k !== null);
}

/** Every document a brands page names. */
export const namedIn = (brands: SurveyBrand[] | undefined): string[] =>
  (brands ?? []).flatMap((b) => b.documents ?? []);

/** The brands page's documents that are not the applicant's own uploads: refused on their field. */
export async function checkNamed(db: DbOrTx, surveyId: string, brands: SurveyBrand[]): Promise<void> {
  const missing = await notOwn(db, surveyId, namedIn(brands));
  if (!missing.size) return;
  const errors = brands.flatMap((b, i) =>
    (b.documents ?? []).flatMap((id, j) =>
      missing.has(id) ? [{ field: `data.brands.${i}.documents.${j}`, message: 'Файл не найден' }] : [],
    ),
  );
  throw new AppError('file.notFound', { errors });
}

/** The attachment's row if the caller may open it: its applicant, or staff reviewing questionnaires. */
export async function openable(
  db: DbOrTx,
  id: string,
  caller: { userId: string; staff: boolean },
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(onboardingAttachments)
    .where(
      and(
        eq(onboardingAttachments.id, id),
        eq(onboardingAttachments.status, 'uploaded'),
        isNotNull(onboardingAttachments.storageKey),
        caller.staff ? sql`true` : eq(onboardingAttachments.userId, caller.userId),
      ),
    );
  return row;
}

/** The upload pipeline's side of kind survey_trademark: only the caller's own open reservation takes a file. */
export function trademarkUploads(now: () => Date): ApplicantUploads {
  async function reservation(db: DbOrTx, userId: string, id: string, lock: boolean) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw new AppError('file.notFound', { field: 'attachment_id' });
    const q = db
      .select({ status: onboardingAttachments.status, survey: onboardingSurveys.status })
      .from(onboardingAttachments)
      .innerJoin(onboardingSurveys, eq(onboardingSurveys.id, onboardingAttachments.surveyId))
      .where(and(eq(onboardingAttachments.id, id), eq(onboardingAttachments.userId, userId)));
    const [row] = await (lock ? q.for('update') : q);
    // Another applicant's reservation answers exactly as one that does not exist.
    if (!row || row.status !== 'reserved') throw new AppError('file.notFound', { field: 'attachment_id' });
    if (!EDITABLE.includes(row.survey)) throw new AppError('survey.notAllowedFromState');
  }
  return {
    claim: (db, userId, id) => reservation(db, userId, id, false),
    async complete(ctx: CallContext, id: string, upload: { name: string; stored: StoredUpload }) {
      await reservation(ctx.db, requirePrincipal(ctx).userId, id, true);
      const [row] = await ctx.db
        .update(onboardingAttachments)
        .set({
          status: 'uploaded',
          name: upload.name.slice(0, 255),
          format: upload.stored.format,
          size: upload.stored.size,
          storageKey: upload.stored.key,
          uploadedAt: now(),
        })
        .where(eq(onboardingAttachments.id, id))
        .returning();
      ctx.audit.objectId = id;
      return toAttachment(row!);
    },
  };
}
