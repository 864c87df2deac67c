// The head of every admin screen: the back arrow to /notes, the page's title and subtitle, and its actions
// (links to the other admin screens, the screen's own buttons), stacked on narrow screens.
import { Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { MailIcon, UsersIcon } from './admin-icons.tsx';
import { BackToNotesLink } from './BackToNotesLink.tsx';

/** The other admin screens a header links to, each with its one label and icon. */
const ADMIN_SCREENS = {
  '/blog/admin': { label: 'Blog Admin', icon: null },
  '/admin/outbox': { label: 'Outbox', icon: <MailIcon /> },
  '/admin/comments': { label: 'Comments', icon: null },
  '/admin/subscribers': { label: 'Manage Subscribers', icon: <UsersIcon /> },
} as const;

/** A header button leading to another admin screen. */
export function AdminScreenLink({ to }: { to: keyof typeof ADMIN_SCREENS }) {
  const { label, icon } = ADMIN_SCREENS[to];
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to}>
        {icon}
        {label}
      </Link>
    </Button>
  );
}

interface Props {
  title: string;
  subtitle: string;
  /** Buttons and links at the end of the header. */
  children?: ReactNode;
}

export function AdminHeader({ title, subtitle, children }: Props) {
  return (
    <Flex
      justify="space-between"
      align={{ base: 'start', md: 'center' }}
      gap="4"
      mb="6"
      direction={{ base: 'column', md: 'row' }}
    >
      <HStack gap="3" align="center">
        <BackToNotesLink />
        <Stack gap="0">
          <Text as="h1" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" lineHeight="short">
            {title}
          </Text>
          <Text color="fg.muted">{subtitle}</Text>
        </Stack>
      </HStack>
      {children ? (
        <HStack gap="2" wrap="wrap">
          {children}
        </HStack>
      ) : null}
    </Flex>
  );
}
