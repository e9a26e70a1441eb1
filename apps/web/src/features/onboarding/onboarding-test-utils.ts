// Fixtures of the onboarding screen tests: a questionnaire, a road and a committee case as the server
// answers them (each mocked reply is checked against the contract by mock-api).
import type { Committee, OnboardingRoad, Survey } from '@moda/contracts';
export { callsOf, serve } from '../../test/mock-api';

export function survey(over: Partial<Survey> = {}): Survey {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    status: 'empty',
    answers: {},
    pagesSaved: [],
    clarifications: [],
    rejectionReason: null,
    submittedAt: null,
    reviewDueDate: null,
    reapplyFrom: null,
    draftExpiresOn: null,
    updatedAt: null,
    attachments: [],
    ...over,
  };
}

export const COMPANY = {
  country: 'RU',
  legalForm: 'legalEntity',
  inn: '7707083893',
  ogrn: '1027700132195',
  kpp: '770701001',
  organizationName: 'Nordwind LLC',
  phone: '4951234567',
} as const;

export function committee(over: Partial<Committee> = {}): Committee {
  return {
    status: 'onReview',
    items: [
      { id: 'brand-1', kind: 'brand', name: 'Nordwind', decision: 'ON_REVIEW', comment: null, answer: null },
      {
        id: 'category-1',
        kind: 'category',
        name: 'shoes',
        decision: 'ON_REVIEW',
        comment: null,
        answer: null,
      },
    ],
    comment: null,
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...over,
  };
}

type Steps = OnboardingRoad['steps'];
const KEYS = [
  'initialSeller',
  'assortmentConfirmation',
  'legalCheck',
  'contract',
  'productCards',
  'logistics',
] as const;

export function road(states: Steps[number]['state'][], over: Partial<OnboardingRoad> = {}): OnboardingRoad {
  return {
    steps: KEYS.map((key, i) => ({ key, state: states[i] ?? 'locked' })),
    survey: survey(),
    committee: null,
    notifications: [],
    partnerId: null,
    businessModel: null,
    productCount: 0,
    minSkuCount: 10,
    logisticsNeeds: null,
    allComplete: false,
    ...over,
  };
}
