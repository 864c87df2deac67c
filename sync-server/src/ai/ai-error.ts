// A failed AI call, carrying the SPEC section 8 message for that call; the cause stays on the server.
import { AI_ERRORS, type AiOperation } from '@private-notes/shared/ai';

export class AiError extends Error {
  readonly operation: AiOperation;

  constructor(operation: AiOperation, options?: { cause?: unknown }) {
    super(AI_ERRORS[operation].description, options);
    this.name = 'AiError';
    this.operation = operation;
  }
}
