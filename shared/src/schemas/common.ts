// Building blocks shared by every entity schema: ids, timestamps, tag lists and their limits.
import { z } from 'zod';

export const TAG_MAX = 50;
export const TAGS_MAX = 30;

export const IdSchema = z.number().int().positive();
/** A numeric path parameter such as `/api/notes/{id}`: digits only, within the safe integer range. */
export const IdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/, 'must be a positive whole number')
  .transform(Number);
export const IsoDateSchema = z.iso.datetime({ offset: true });
export const TagSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(TAG_MAX, `must be at most ${TAG_MAX} characters`);
export const TagsSchema = z.array(TagSchema).max(TAGS_MAX, `must have at most ${TAGS_MAX} tags`);
export const EmailSchema = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be a valid email address'));
