// The always-visible sync state: offline, syncing, all changes synced, N changes waiting, or what failed and
// why. Opening it lists refused changes with their reasons, and offers to retry or to sign in again; that
// popover (SyncDetails) loads as a chunk of its own when the owner points at or focuses the button.
import { Button, Spinner } from '@chakra-ui/react';
import { Suspense, useId, useState } from 'react';
import { describeSyncStatus } from '../../sync/sync-status.ts';
import { lazyWithPreload } from '../../ui/lazy-with-preload.ts';
import { useOpenedOnce } from '../../ui/use-opened-once.ts';
import { CloudIcon, CloudOffIcon } from './note-icons.tsx';
import { useSyncStatus } from './use-sync-status.ts';

const SyncDetails = lazyWithPreload(() =>
  import('./SyncDetails.tsx').then((m) => ({ default: m.SyncDetails })),
);

const PALETTE = {
  offline: 'gray',
  syncing: 'blue',
  synced: 'green',
  pending: 'orange',
  error: 'red',
  unauthorized: 'red',
} as const;

export interface SyncStatusBadgeProps {
  /** The screen is still showing what the sync brought: "All changes synced" would come before it is true. */
  catchingUp?: boolean;
}

export function SyncStatusBadge({ catchingUp = false }: SyncStatusBadgeProps) {
  const engineStatus = useSyncStatus();
  const status =
    catchingUp && engineStatus.kind === 'synced'
      ? { ...engineStatus, kind: 'syncing' as const }
      : engineStatus;
  const label = describeSyncStatus(status);
  const triggerId = useId();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  return (
    <>
      {/* The popover's trigger (it finds this button by id, to anchor to it and give focus back to it). */}
      <Button
        id={triggerId}
        size="sm"
        variant="subtle"
        colorPalette={
          status.conflicts > 0 && status.kind === 'synced'
            ? 'orange'
            : status.kind === 'pending' && status.pending + status.uploadsPending === 0
              ? 'gray'
              : PALETTE[status.kind]
        }
        data-testid="sync-status"
        data-sync-kind={status.kind}
        aria-label={`Sync status: ${label}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={SyncDetails.preload}
        onFocus={SyncDetails.preload}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {status.kind === 'syncing' ? (
          <Spinner size="xs" />
        ) : status.kind === 'offline' ? (
          <CloudOffIcon />
        ) : (
          <CloudIcon />
        )}
        <span aria-live="polite">{label}</span>
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <SyncDetails
            status={status}
            label={label}
            triggerId={triggerId}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </>
  );
}
