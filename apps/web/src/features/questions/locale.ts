// Russian strings of the questions area.
export const questionsText = {
  list: {
    title: 'Вопросы покупателей',
    reviewsTitle: 'Отзывы',
    tabQuestions: 'Вопросы',
    tabReviews: 'Отзывы',
  },
  templates: { title: 'Шаблоны ответов' },
} as const;
