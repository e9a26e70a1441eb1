// REST of onboarding, where bytes move: a trademark document of the questionnaire, opened by its applicant or
// by staff reviewing questionnaires. Anyone else — another applicant, a seller — gets the answer of a missing
// file. (The upload goes through the shared POST /rest/api/v1/files, kind survey_trademark.)
import { SURVEY_REVIEW_ROLES, type FileFormat } from '@moda/contracts';
import { AppError } from '../../core/errors';
import type { RestRoute } from '../../core/rest';
import type { UploadsService } from '../uploads';
import { openable } from './onboarding.attachments';

const TYPES: Partial<Record<FileFormat, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
};

export const onboardingRest = (files: UploadsService): RestRoute[] => [
  {
    method: 'GET',
    url: '/rest/api/v1/surveys/attachments/:id',
    async handle(call) {
      const principal = await call.principal();
      const id = call.params.id ?? '';
      if (!principal || principal.service || !/^[0-9a-f-]{36}$/i.test(id))
        throw new AppError('file.notFound');
      const staff = principal.roles.some((r) => (SURVEY_REVIEW_ROLES as readonly string[]).includes(r));
      const ctx = await call.signedIn();
      const row = await openable(ctx.db, id, { userId: principal.userId, staff });
      if (!row?.storageKey) throw new AppError('file.notFound');
      return {
        file: {
          contentType: TYPES[row.format as FileFormat] ?? 'application/octet-stream',
          fileName: row.name,
          size: row.size ?? undefined,
          cacheControl: 'private, no-store',
          // Bytes gone from the storage (the demo's documents are recorded without them): a missing file.
          body: await files.openKey(row.storageKey).catch((err: unknown) => {
            if ((err as { code?: string }).code === 'ENOENT') throw new AppError('file.notFound');
            throw err;
          }),
        },
      };
    },
  },
];
