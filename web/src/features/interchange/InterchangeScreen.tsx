// Import & Export (/import-export): the owner's notes in and out of the product, as portable files.
import { Heading, Stack, Text } from '@chakra-ui/react';
import { OwnerPage } from '../../ui/private/OwnerPage.tsx';
import { BackupSection } from './BackupSection.tsx';
import { ExportSection } from './ExportSection.tsx';
import { ImportSection } from './ImportSection.tsx';

export function InterchangeScreen() {
  return (
    <OwnerPage>
      <Heading as="h1" size="2xl" mb="1">
        Import &amp; Export
      </Heading>
      <Text color="fg.muted" mb="6">
        Your notes are yours: take them anywhere as markdown, or bring them in from other apps.
      </Text>
      <Stack gap="6">
        <ExportSection />
        <ImportSection />
        <BackupSection />
      </Stack>
    </OwnerPage>
  );
}
