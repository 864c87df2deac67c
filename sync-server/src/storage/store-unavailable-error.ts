// The store cannot commit right now (database unreachable): the write was not kept and may be retried.
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';

  constructor(
    message = 'The database is unavailable; nothing was saved. Please try again shortly.',
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
