/** Errors with an HTTP meaning; one middleware turns them into application/problem+json. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail?: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(detail ?? title);
  }
}

export class ValidationError extends ApiError {
  constructor(errors: { field: string; message: string }[], detail = "The request has invalid fields.") {
    super(400, "Validation failed", detail, errors);
  }
}

export class UnauthenticatedError extends ApiError {
  constructor(detail = "Sign in to continue.") {
    super(401, "Unauthenticated", detail);
  }
}

export class ForbiddenError extends ApiError {
  constructor(detail = "You are not allowed to do this.") {
    super(403, "Forbidden", detail);
  }
}

export class NotFoundError extends ApiError {
  constructor(what: string) {
    super(404, "Not found", `${what} was not found.`);
  }
}

export class ConflictError extends ApiError {
  constructor(detail: string) {
    super(409, "Conflict", detail);
  }
}

export class PreconditionFailedError extends ApiError {
  constructor(detail: string) {
    super(412, "Precondition failed", detail);
  }
}

/** An error the same request may not meet again after retryAfterSeconds: answered with Retry-After. */
export class RetryLaterError extends ApiError {
  constructor(
    status: number,
    title: string,
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, title, detail);
  }
}

/** The request may succeed in retryAfterSeconds: a read model being rebuilt, say. */
export class ServiceUnavailableError extends RetryLaterError {
  constructor(detail: string, retryAfterSeconds: number) {
    super(503, "Service unavailable", detail, retryAfterSeconds);
  }
}

export class RateLimitedError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(429, "Too many requests", `Try again in ${retryAfterSeconds} seconds.`, retryAfterSeconds);
  }
}
