// The owner's screens share one content column: the frame's width (--pn-max-width) and its side padding
// (--pn-space), so the content's left edge lines up with the navigation bar's logo on every screen and does
// not move when the owner switches screens.
import { Box, type BoxProps } from '@chakra-ui/react';

export function OwnerPage(props: BoxProps) {
  return <Box maxW="var(--pn-max-width)" mx="auto" px="var(--pn-space)" py="6" minW="0" {...props} />;
}
