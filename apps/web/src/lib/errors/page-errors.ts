// Errors a page raises: a 404 for an unknown path or a failed page validation (spec 001 §2), told
// apart from every other failure by the error screen.
export const PAGE_NOT_FOUND_TEMPLATE = 'Page Not Found: {path}';

export class PageNotFoundError extends Error {
  readonly statusCode = 404;
  constructor(readonly path: string) {
    super(PAGE_NOT_FOUND_TEMPLATE.replace('{path}', path));
    this.name = 'PageNotFoundError';
  }
}

export const isPageNotFound = (error: unknown): error is PageNotFoundError =>
  error instanceof PageNotFoundError ||
  (typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404);
