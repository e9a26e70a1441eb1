// The questions_and_reviews export: the list's filters reproduced, one row per question or review with its
// product, rating, fit mark and answer, newest first, at most FEEDBACK_LIMITS.exportMax rows (xlsx).
import {
  ANSWER_STATE_LABELS,
  FEEDBACK_LIMITS,
  FEEDBACK_TYPE_LABELS,
  FeedbackFilterParams,
  QUESTION_STATUS_LABELS,
  REJECTION_REASON_LABELS,
  SIZE_FIT_LABELS,
} from '@moda/contracts';
import { registerExportType } from '../exports';
import type { FeedbackService } from './feedback.service';

let registered = false;

/** Registers the export once per process, reading through the feedback service. */
export function registerFeedbackExports(feedback: FeedbackService): void {
  if (registered) return;
  registered = true;
  registerExportType({
    type: 'questions_and_reviews',
    format: 'xlsx',
    title: 'Вопросы_и_отзывы',
    filter: FeedbackFilterParams,
    limit: FEEDBACK_LIMITS.exportMax,
    count: (ctx, partnerId, f) => feedback.exportCount(ctx, partnerId, f),
    columns: [
      { key: 'createdAt', header: 'Дата', width: 16, numFmt: 'dd.mm.yy hh:mm' },
      { key: 'type', header: 'Тип', width: 10 },
      { key: 'status', header: 'Статус', width: 20 },
      { key: 'sellerParentSku', header: 'Артикул продавца', width: 18 },
      { key: 'modaParentSku', header: 'Артикул Moda', width: 18 },
      { key: 'title', header: 'Товар', width: 30 },
      { key: 'brand', header: 'Бренд', width: 16 },
      { key: 'size', header: 'Размер', width: 8 },
      { key: 'author', header: 'Покупатель', width: 16 },
      { key: 'rating', header: 'Оценка', width: 8 },
      { key: 'sizeFit', header: 'Посадка', width: 20 },
      { key: 'text', header: 'Текст', width: 50 },
      { key: 'answer', header: 'Ответ', width: 50 },
      { key: 'answerStatus', header: 'Статус ответа', width: 22 },
      { key: 'answerAuthor', header: 'Автор ответа', width: 14 },
      { key: 'rejection', header: 'Причина отклонения', width: 30 },
    ],
    async *rows(ctx, partnerId, f) {
      for await (const i of feedback.exportRows(ctx, partnerId, f)) {
        yield {
          createdAt: new Date(i.createdAt),
          type: FEEDBACK_TYPE_LABELS[i.type],
          status: QUESTION_STATUS_LABELS[i.status],
          sellerParentSku: i.product.sellerParentSku,
          modaParentSku: i.product.modaParentSku,
          title: i.product.title,
          brand: i.product.brand,
          size: i.product.size,
          author: i.authorName,
          rating: i.rating,
          sizeFit: i.sizeFit ? SIZE_FIT_LABELS[i.sizeFit] : null,
          text: i.text,
          answer: i.answer?.text ?? null,
          answerStatus: i.answer ? ANSWER_STATE_LABELS[i.answer.status] : null,
          answerAuthor: i.answer ? (i.answer.author === 'seller' ? 'Продавец' : 'Moda') : null,
          rejection: i.answer?.rejection ? REJECTION_REASON_LABELS[i.answer.rejection.reason] : null,
        };
      }
    },
  });
}
