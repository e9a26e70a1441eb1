// SQL of reply templates: a partner's templates by kind and search, the counts per kind, and changes; a name
// is compared in any case, as the unique index does.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { searchPattern } from './feedback.queries';

const iso = (d: Date) => d.toISOString();

export interface TemplateRow extends Record<string, unknown> {
  id: string;
  kind: 'question' | 'review';
  name: string;
  content: string;
  created_at: string;
  updated_at: string;
}

const TEMPLATE_COLUMNS = sql`id::text as id, kind, name, content, created_at, updated_at`;

export async function templatesOf(
  db: DbOrTx,
  partnerId: number,
  kind: string | undefined,
  search: string | undefined,
): Promise<TemplateRow[]> {
  const res = await db.execute<TemplateRow>(
    sql`select ${TEMPLATE_COLUMNS} from feedback_templates
         where partner_id = ${partnerId} ${kind ? sql`and kind = ${kind}` : sql``}
           ${search ? sql`and lower(name || ' ' || content) like ${searchPattern(search)}` : sql``}
         order by lower(name), id`,
  );
  return res.rows;
}

export async function templateCounts(db: DbOrTx, partnerId: number) {
  const res = await db.execute<{ kind: string; n: number }>(
    sql`select kind, count(*)::int as n from feedback_templates where partner_id = ${partnerId} group by kind`,
  );
  return res.rows;
}

export async function templateById(db: DbOrTx, partnerId: number, id: string): Promise<TemplateRow | null> {
  const res = await db.execute<TemplateRow>(
    sql`select ${TEMPLATE_COLUMNS} from feedback_templates where partner_id = ${partnerId} and id = ${id}`,
  );
  return res.rows[0] ?? null;
}

/** Another template of the kind with this name (any case), not `exceptId`. */
export async function templateNameTaken(
  db: DbOrTx,
  partnerId: number,
  kind: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const res = await db.execute(
    sql`select 1 from feedback_templates where partner_id = ${partnerId} and kind = ${kind}
          and lower(name) = lower(${name}) ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
  return res.rows.length > 0;
}

export async function insertTemplate(
  db: DbOrTx,
  partnerId: number,
  t: { kind: string; name: string; content: string },
  at: Date,
): Promise<TemplateRow> {
  const res = await db.execute<TemplateRow>(
    sql`insert into feedback_templates (partner_id, kind, name, content, created_at, updated_at)
        values (${partnerId}, ${t.kind}, ${t.name}, ${t.content}, ${iso(at)}, ${iso(at)})
        returning ${TEMPLATE_COLUMNS}`,
  );
  return res.rows[0]!;
}

export async function updateTemplate(
  db: DbOrTx,
  partnerId: number,
  id: string,
  t: { kind: string; name: string; content: string },
  at: Date,
): Promise<TemplateRow> {
  const res = await db.execute<TemplateRow>(
    sql`update feedback_templates set kind = ${t.kind}, name = ${t.name}, content = ${t.content},
               updated_at = ${iso(at)}
         where partner_id = ${partnerId} and id = ${id} returning ${TEMPLATE_COLUMNS}`,
  );
  return res.rows[0]!;
}

export async function deleteTemplate(db: DbOrTx, partnerId: number, id: string): Promise<boolean> {
  const res = await db.execute(
    sql`delete from feedback_templates where partner_id = ${partnerId} and id = ${id}`,
  );
  return (res.rowCount ?? 0) > 0;
}
