// Words for why a revision was kept, as the History list shows them.
import type { RevisionReason } from '@private-notes/shared';

export const REVISION_REASON_LABELS: Record<RevisionReason, string> = {
  edit: 'Before later edits',
  rewrite: 'Before a large rewrite',
  overwrite: 'Before an overwrite',
  restore: 'Before a restore',
  import: 'Before an import',
  conflict: 'Before a conflict was resolved',
  merge: 'Before edits from another device were merged',
};
