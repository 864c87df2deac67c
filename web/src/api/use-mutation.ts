// A write with its state for the screen (pending, error) and TanStack Query's callback order: onMutate, the
// request, then onSuccess or onError, then onSettled, each awaited. No retries (SPEC section 7).
import { useCallback, useMemo, useRef, useState } from 'react';

export interface MutationOptions<T, V, C> {
  mutationFn: (variables: V) => Promise<T>;
  onMutate?: (variables: V) => C | Promise<C>;
  onSuccess?: (data: T, variables: V, context: C | undefined) => unknown;
  onError?: (error: Error, variables: V, context: C | undefined) => unknown;
  onSettled?: (data: T | undefined, error: Error | null, variables: V, context: C | undefined) => unknown;
}

type MutationStatus = 'idle' | 'pending' | 'success' | 'error';

export interface MutationResult<T, V> {
  status: MutationStatus;
  data: T | undefined;
  error: Error | null;
  variables: V | undefined;
  isIdle: boolean;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  mutate: (variables: V) => void;
  mutateAsync: (variables: V) => Promise<T>;
  reset: () => void;
}

interface State<T, V> {
  status: MutationStatus;
  data: T | undefined;
  error: Error | null;
  variables: V | undefined;
}

export function useMutation<T, V = void, C = unknown>(
  options: MutationOptions<T, V, C>,
): MutationResult<T, V> {
  const latest = useRef(options);
  latest.current = options;
  const [state, setState] = useState<State<T, V>>({
    status: 'idle',
    data: undefined,
    error: null,
    variables: undefined,
  });

  const mutateAsync = useCallback(async (variables: V): Promise<T> => {
    const { mutationFn, onMutate, onSuccess, onError, onSettled } = latest.current;
    setState({ status: 'pending', data: undefined, error: null, variables });
    let context: C | undefined;
    try {
      context = await onMutate?.(variables);
      const data = await mutationFn(variables);
      await onSuccess?.(data, variables, context);
      await onSettled?.(data, null, variables, context);
      setState({ status: 'success', data, error: null, variables });
      return data;
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      await onError?.(error, variables, context);
      await onSettled?.(undefined, error, variables, context);
      setState({ status: 'error', data: undefined, error, variables });
      throw thrown;
    }
  }, []);

  const mutate = useCallback(
    (variables: V) => {
      mutateAsync(variables).catch(() => undefined);
    },
    [mutateAsync],
  );
  const reset = useCallback(
    () => setState({ status: 'idle', data: undefined, error: null, variables: undefined }),
    [],
  );

  return useMemo(
    () => ({
      ...state,
      isIdle: state.status === 'idle',
      isPending: state.status === 'pending',
      isError: state.status === 'error',
      isSuccess: state.status === 'success',
      mutate,
      mutateAsync,
      reset,
    }),
    [state, mutate, mutateAsync, reset],
  );
}
