// A labelled progress bar for the long tasks of this screen (export, reading files, importing): a real
// progressbar role with its value, and the count in words beside it.
import { Progress } from '@chakra-ui/react';

interface Props {
  label: string;
  value: number;
  max: number;
  /** "1,200 of 10,000 notes" */
  valueText: string;
}

export function TaskProgress({ label, value, max, valueText }: Props) {
  return (
    <Progress.Root value={max === 0 ? 0 : value} max={Math.max(max, 1)} size="sm" maxW="lg">
      <Progress.Label mb="1">{label}</Progress.Label>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
      <Progress.ValueText mt="1" fontSize="sm" color="fg.muted">
        {valueText}
      </Progress.ValueText>
    </Progress.Root>
  );
}
