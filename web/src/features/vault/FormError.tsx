// A form's error, announced to screen readers.
import { Text } from '@chakra-ui/react';

export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Text role="alert" color="fg.error" fontSize="sm">
      {error}
    </Text>
  );
}
