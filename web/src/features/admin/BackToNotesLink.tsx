// The admin screens' back arrow to /notes (an icon link with an accessible name).
import { IconButton } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from './admin-icons.tsx';

export function BackToNotesLink() {
  return (
    <IconButton asChild variant="ghost" size="sm" aria-label="Back to notes">
      <Link to="/notes">
        <ArrowLeftIcon />
      </Link>
    </IconButton>
  );
}
