// The building blocks of the Settings form's sections: a titled card, a labelled select and a labelled switch
// with its help text.
import { Box, Card, Field, Heading, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card.Root mb="6" variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Array<[string, string]>;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root maxW="xs">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export function SwitchField({
  label,
  help,
  checked,
  onChange,
}: {
  label: string;
  help: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(e) => onChange(e.checked)} alignItems="flex-start">
      <Switch.HiddenInput />
      <Switch.Control mt="0.5">
        <Switch.Thumb />
      </Switch.Control>
      <Box>
        <Switch.Label>{label}</Switch.Label>
        <Text fontSize="sm" color="fg.muted">
          {help}
        </Text>
      </Box>
    </Switch.Root>
  );
}
