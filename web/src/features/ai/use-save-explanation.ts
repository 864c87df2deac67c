// The 'Save as Note' action shared by the Ask tab and the history: the toasts of SPEC section 8.
import { useMutation } from '../../api/use-mutation.ts';
import { toast } from '../../ui/toast-store.ts';
import { saveExplanationAsNote } from './save-explanation.ts';

export function useSaveExplanation(onSaved?: () => void) {
  return useMutation({
    mutationFn: ({ concept, explanation }: { concept: string; explanation: string }) =>
      saveExplanationAsNote(concept, explanation),
    onSuccess: () => {
      toast({ title: 'Note created', description: 'Explanation saved as a new note.' });
      onSaved?.();
    },
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to save explanation as note. Please try again.',
        variant: 'destructive',
      }),
  });
}
