// Analytics methods: the seller's board, sales dynamics, funnel and ABC, and the storefront's v1.platform.* side.
import type { HandlerMap } from '../../core/handlers';
import type { AnalyticsService } from './analytics.service';

export const analyticsRpc = (a: AnalyticsService) => {
  return {
    'v1.analytics.revenue-summary.get': (ctx, x) => a.revenueSummary(ctx, x),
    'v1.analytics.main-chart.get': (ctx, x) => a.mainChart(ctx, x),
    'v1.analytics.income-and-expenses.total': (ctx, x) => a.incomeAndExpenses(ctx, x),
    'v1.analytics.data.updated-on': (ctx) => a.updatedOn(ctx),
    'v1.analytics.sales-dynamics.get': (ctx, x) => a.salesDynamics(ctx, x),
    'v1.analytics.sales-dynamics.brands': (ctx, x) => a.split(ctx, 'brand', x),
    'v1.analytics.sales-dynamics.categories': (ctx, x) => a.split(ctx, 'category', x),
    'v1.analytics.funnel.get': (ctx, x) => a.funnel(ctx, x),
    'v1.analytics.abc.get': (ctx, x) => a.abc(ctx, x),
    'v1.platform.analytics.events': (ctx, x) => a.events(ctx, x.events),
    'v1.platform.analytics.rebuild': (ctx, x) => a.rebuild(ctx, x.partnerId),
  } satisfies HandlerMap;
};
