// Validation at the edge: parse a request's body, query or params with a shared zod schema, or answer 400.
import { formatZodError, IdParamSchema } from '@private-notes/shared';
import type { Request } from 'express';
import type { z } from 'zod';
import { HttpError } from './http-error.ts';

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, formatZodError(result.error));
  return result.data;
}

/** The JSON body; a request without one is validated as `{}` so the message names the missing field. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.body ?? {});
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.query);
}

export function parseParams<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.params);
}

/** A numeric path parameter (default `:id`): 400 naming the parameter when it is not a positive integer. */
export function parseIdParam(req: Request, name = 'id'): number {
  const result = IdParamSchema.safeParse(req.params[name]);
  if (!result.success) throw new HttpError(400, `${name}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}
