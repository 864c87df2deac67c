// One post in the blog administration list: status badge, age, read time, title, excerpt, tags, links to
// the public page (new tab) and the source note, "Sent to N subscribers on {date}" once it went out as a
// newsletter, and the Publish/Unpublish, newsletter, Edit and Delete actions.
import { Badge, Box, Button, Flex, HStack, Link, Text, Wrap } from '@chakra-ui/react';
import { type BlogPost, createdAgo, formatCardDate, postPath } from '@private-notes/shared';
import { Link as RouterLink } from '@tanstack/react-router';
import { memo } from 'react';
import { EditIcon, TrashIcon } from '../notes/note-icons.tsx';
import { ExternalLinkIcon, EyeIcon, EyeOffIcon, MailIcon, NoteLinkIcon } from './admin-icons.tsx';
import { subscribersText } from './mail/mail-texts.ts';

interface Props {
  post: BlogPost;
  now: number;
  /** True while this post's publish state is being changed. */
  publishing: boolean;
  onTogglePublished(post: BlogPost): void;
  /** Opens the newsletter dialog (send, publish and send, or the send's progress). */
  onNewsletter(post: BlogPost, opener: HTMLElement): void;
  onEdit(post: BlogPost): void;
  onDelete(post: BlogPost): void;
}

/** The card's newsletter button: what it does for this post. */
function newsletterLabel(post: BlogPost): string {
  if (post.newsletter) return 'Newsletter progress';
  return post.published ? 'Send as newsletter' : 'Publish and send';
}

export const PostCard = memo(function PostCard({
  post,
  now,
  publishing,
  onTogglePublished,
  onNewsletter,
  onEdit,
  onDelete,
}: Props) {
  return (
    <Box
      as="article"
      data-testid="admin-post-card"
      data-post-id={post.id}
      aria-labelledby={`admin-post-${post.id}-title`}
      borderWidth="1px"
      borderRadius="lg"
      bg="bg"
      p="5"
      overflowWrap="anywhere"
    >
      <Flex
        justify="space-between"
        // Stretched in a column: a start-aligned child would be as wide as its longest word.
        align={{ base: 'stretch', md: 'start' }}
        gap="4"
        direction={{ base: 'column', md: 'row' }}
      >
        <Box flex="1" minW="0">
          <HStack gap="3" mb="2" wrap="wrap" fontSize="sm" color="fg.muted">
            <Badge colorPalette={post.published ? 'green' : 'orange'} variant="subtle">
              {post.published ? 'Published' : 'Draft'}
            </Badge>
            <Text>{createdAgo(post.createdAt, now)}</Text>
            <Text>{post.readTime} min read</Text>
          </HStack>
          <Text
            as="h2"
            id={`admin-post-${post.id}-title`}
            fontSize="xl"
            fontWeight="semibold"
            wordBreak="break-word"
          >
            {post.title}
          </Text>
          {post.excerpt ? (
            <Text color="fg.muted" mt="1" lineClamp={2}>
              {post.excerpt}
            </Text>
          ) : null}
          {post.tags.length > 0 ? (
            <Wrap gap="1.5" mt="3" aria-label="Tags">
              {post.tags.map((tag) => (
                <Badge key={tag} variant="outline">
                  {tag}
                </Badge>
              ))}
            </Wrap>
          ) : null}
          {!post.published && post.publishAt ? (
            <Text mt="2" fontSize="sm" color="fg.muted" data-testid="post-scheduled">
              Scheduled for {scheduledTime(post.publishAt)}
              {post.sendNewsletter ? ', with the newsletter' : ''}
            </Text>
          ) : null}
          {post.newsletter ? (
            <Text mt="2" fontSize="sm" color="fg.muted" data-testid="post-newsletter-sent">
              Sent to {subscribersText(post.newsletter.recipients)} on{' '}
              {formatCardDate(post.newsletter.sentAt)}
            </Text>
          ) : null}
          <HStack gap="4" mt="3" fontSize="sm" wrap="wrap">
            <Link href={postPath(post)} target="_blank" rel="noopener noreferrer" color="brand.fg">
              <ExternalLinkIcon />
              View Post
            </Link>
            {post.sourceNoteId ? (
              <Link asChild color="brand.fg">
                <RouterLink to="/notes" search={{ view: post.sourceNoteId }}>
                  <NoteLinkIcon />
                  View source note
                </RouterLink>
              </Link>
            ) : null}
          </HStack>
        </Box>
        <HStack gap="2" flexShrink={0} wrap="wrap">
          <Button size="sm" variant="outline" loading={publishing} onClick={() => onTogglePublished(post)}>
            {post.published ? <EyeOffIcon /> : <EyeIcon />}
            {post.published ? 'Unpublish' : 'Publish'}
          </Button>
          <Button size="sm" variant="outline" onClick={(event) => onNewsletter(post, event.currentTarget)}>
            <MailIcon />
            {newsletterLabel(post)}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onEdit(post)}>
            <EditIcon />
            Edit
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDelete(post)}>
            <TrashIcon />
            Delete
          </Button>
        </HStack>
      </Flex>
    </Box>
  );
});

/** The scheduled time in the device's locale and time zone, with the time of day. */
function scheduledTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
