// Settings › Site: the blog's title and tagline, its category tabs, the footer's contact address and
// social links, and the site's icon. The author on posts is the Profile (display name and bio): one source,
// named here.
import { Box, Button, Field, Heading, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import type { SiteSettings } from '@private-notes/shared';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { ADMIN_SITE_KEY, adminSiteQuery, SITE_KEY } from '../../api/queries.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { useQuery } from '../../api/use-query.ts';
import { toast } from '../../ui/toast-store.ts';
import { SiteImageField } from './SiteImageField.tsx';
import { fromSiteForm, type SiteForm, siteFormErrors, toSiteForm } from './site-form.ts';

export function SiteSection() {
  const site = useQuery(adminSiteQuery());
  if (site.isPending) return <Text role="status">Loading...</Text>;
  if (site.isError || !site.data)
    return (
      <Text role="alert" color="fg.error">
        Failed to fetch site settings
      </Text>
    );
  return <SiteSettingsForm initial={site.data} />;
}

function SiteSettingsForm({ initial }: { initial: SiteSettings }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SiteForm>(() => toSiteForm(initial));
  const [tried, setTried] = useState(false);
  const errors = siteFormErrors(form);
  const shown = tried ? errors : {};

  const save = useMutation({
    mutationFn: (next: SiteSettings) => api.updateSite(next),
    onSuccess: async (saved) => {
      queryClient.setQueryData(ADMIN_SITE_KEY, saved);
      // The frame, footer and blog read the public answer: fetch it again.
      await queryClient.invalidateQueries({ queryKey: SITE_KEY });
      toast({ title: 'Site settings saved', description: 'Your blog shows them now.' });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate(fromSiteForm(form));
  }

  const set = (patch: Partial<SiteForm>) => setForm((f) => ({ ...f, ...patch }));
  const setCategory = (i: number, patch: Partial<SiteForm['categories'][number]>) =>
    set({ categories: form.categories.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const setLink = (i: number, patch: Partial<SiteForm['socialLinks'][number]>) =>
    set({ socialLinks: form.socialLinks.map((l, j) => (j === i ? { ...l, ...patch } : l)) });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Site">
      <Stack gap="5">
        <Field.Root invalid={!!shown.title}>
          <Field.Label>Site title</Field.Label>
          <Input name="siteTitle" value={form.title} onChange={(e) => set({ title: e.target.value })} />
          <Field.ErrorText>{shown.title}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!shown.tagline}>
          <Field.Label>Tagline</Field.Label>
          <Input name="tagline" value={form.tagline} onChange={(e) => set({ tagline: e.target.value })} />
          <Field.ErrorText>{shown.tagline}</Field.ErrorText>
        </Field.Root>
        <SiteImageField
          label="Site icon"
          value={form.iconUrl}
          onChange={(iconUrl) => set({ iconUrl })}
          notAnImage="Choose a PNG, JPEG, GIF, WebP or AVIF image for the site icon."
          helper="The browser tab's icon and the installed app's. A square image of 512 × 512 pixels or more looks best. None: the stock icon."
        />
        <SiteImageField
          label="Author picture"
          value={form.avatarUrl}
          onChange={(avatarUrl) => set({ avatarUrl })}
          notAnImage="Choose a PNG, JPEG, GIF, WebP or AVIF image for your picture."
          helper="Shown beside your name on every post. None: your initial."
        />
        <Text fontSize="sm" color="fg.muted">
          Posts show you as their author with the display name and bio of your Profile.
        </Text>
        <Field.Root invalid={!!shown.contactEmail}>
          <Field.Label>Contact e-mail</Field.Label>
          <Input
            name="contactEmail"
            type="email"
            value={form.contactEmail}
            onChange={(e) => set({ contactEmail: e.target.value })}
          />
          {shown.contactEmail ? (
            <Field.ErrorText>{shown.contactEmail}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              Shown in the footer and the legal pages. Empty: none is shown.
            </Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={!!shown.senderEmail}>
          <Field.Label>Sender address</Field.Label>
          <Input
            name="senderEmail"
            type="email"
            value={form.senderEmail}
            onChange={(e) => set({ senderEmail: e.target.value })}
          />
          {shown.senderEmail ? (
            <Field.ErrorText>{shown.senderEmail}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              The address the site’s mail comes from, under the site title. Empty: the server’s MAIL_FROM.
            </Field.HelperText>
          )}
        </Field.Root>

        <Box as="fieldset">
          <Heading as="legend" size="sm" mb="2">
            Category tabs
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="3">
            Tabs on the blog home after All Posts. A post belongs when one of its tags contains one of the
            words.
          </Text>
          <Stack gap="3">
            {form.categories.map((category, i) => (
              <HStack key={i} align="flex-start" gap="2" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
                <Field.Root invalid={!!shown[`categories.${i}.name`]}>
                  <Field.Label>Category {i + 1} name</Field.Label>
                  <Input value={category.name} onChange={(e) => setCategory(i, { name: e.target.value })} />
                  <Field.ErrorText>{shown[`categories.${i}.name`]}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!shown[`categories.${i}.tags`]}>
                  <Field.Label>Category {i + 1} tags (comma separated)</Field.Label>
                  <Input value={category.tags} onChange={(e) => setCategory(i, { tags: e.target.value })} />
                  <Field.ErrorText>{shown[`categories.${i}.tags`]}</Field.ErrorText>
                </Field.Root>
                <IconButton
                  aria-label={`Remove category ${i + 1}`}
                  variant="ghost"
                  mt={{ base: 0, md: 7 }}
                  onClick={() => set({ categories: form.categories.filter((_, j) => j !== i) })}
                >
                  ✕
                </IconButton>
              </HStack>
            ))}
            {shown.categories ? (
              <Text color="fg.error" fontSize="sm">
                {shown.categories}
              </Text>
            ) : null}
            <Button
              variant="outline"
              alignSelf="flex-start"
              onClick={() => set({ categories: [...form.categories, { name: '', tags: '' }] })}
            >
              Add category
            </Button>
          </Stack>
        </Box>

        <Box as="fieldset">
          <Heading as="legend" size="sm" mb="2">
            Social links
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="3">
            Your profiles, shown in the footer. None are shown until you add them.
          </Text>
          <Stack gap="3">
            {form.socialLinks.map((link, i) => (
              <HStack key={i} align="flex-start" gap="2" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
                <Field.Root invalid={!!shown[`socialLinks.${i}.network`]}>
                  <Field.Label>Link {i + 1} network</Field.Label>
                  <Input value={link.network} onChange={(e) => setLink(i, { network: e.target.value })} />
                  <Field.ErrorText>{shown[`socialLinks.${i}.network`]}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!shown[`socialLinks.${i}.url`]}>
                  <Field.Label>Link {i + 1} address</Field.Label>
                  <Input type="url" value={link.url} onChange={(e) => setLink(i, { url: e.target.value })} />
                  <Field.ErrorText>{shown[`socialLinks.${i}.url`]}</Field.ErrorText>
                </Field.Root>
                <IconButton
                  aria-label={`Remove link ${i + 1}`}
                  variant="ghost"
                  mt={{ base: 0, md: 7 }}
                  onClick={() => set({ socialLinks: form.socialLinks.filter((_, j) => j !== i) })}
                >
                  ✕
                </IconButton>
              </HStack>
            ))}
            {shown.socialLinks ? (
              <Text color="fg.error" fontSize="sm">
                {shown.socialLinks}
              </Text>
            ) : null}
            <Button
              variant="outline"
              alignSelf="flex-start"
              onClick={() => set({ socialLinks: [...form.socialLinks, { network: '', url: '' }] })}
            >
              Add link
            </Button>
          </Stack>
        </Box>
      </Stack>
      <Stack direction="row" align="center" gap="4" mt="6">
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          Save Site
        </Button>
        {save.isError && (
          <Text role="alert" color="fg.error" fontSize="sm">
            {save.error?.message ?? 'Failed to save the site settings'}
          </Text>
        )}
      </Stack>
    </form>
  );
}
