// Settings (/settings): Profile, Site, Appearance, Notifications, Security and Locked notes. Every setting takes visible
// effect: theme (shared with the navigation menu), font size and compact mode at once, the rest through
// useSettings() in the screens that read them (default note view, auto-save, AI features).
import { Button, Field, Heading, Input, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { AUTO_SAVE_MAX, AUTO_SAVE_MIN, type Settings, type Theme } from '@private-notes/shared';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { SETTINGS_KEY, SITE_KEY, settingsQuery } from '../../api/queries.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { useQuery } from '../../api/use-query.ts';
import { useTheme } from '../../theme/use-theme.ts';
import { OwnerPage } from '../../ui/private/OwnerPage.tsx';
import { ServerDataError } from '../../ui/private/ServerDataError.tsx';
import { toast } from '../../ui/toast-store.ts';
import { MailTransportPanel } from '../admin/mail/MailTransportPanel.tsx';
import { MAIL_STATUS_KEY } from '../admin/mail/mail-keys.ts';
import { useAuth } from '../auth/use-auth.ts';
import { applyDisplaySettings } from './display-settings.ts';
import { PasskeysPanel } from './PasskeysPanel.tsx';
import { SecuritySection } from './SecuritySection.tsx';
import { SessionsPanel } from './SessionsPanel.tsx';
import { SectionCard, SelectField, SwitchField } from './SettingsFields.tsx';
import { SiteSection } from './SiteSection.tsx';
import { settingsErrors } from './settings-validation.ts';
import { TwoFactorPanel } from './TwoFactorPanel.tsx';

type Section = 'profile' | 'site' | 'appearance' | 'notifications' | 'security' | 'vault';

// Brings the vault's crypto: loaded only when the owner opens the tab.
const VaultSettings = lazy(() => import('../vault/VaultSettings.tsx'));

export function SettingsScreen() {
  const settings = useQuery(settingsQuery());
  return (
    <OwnerPage>
      <Heading as="h1" size="2xl" mb="1">
        Settings
      </Heading>
      <Text color="fg.muted" mb="6">
        Manage your account settings and preferences.
      </Text>
      {settings.isPending && <Text role="status">Loading...</Text>}
      {settings.isError && (
        <ServerDataError
          error={settings.error}
          what="Your account, site and security settings"
          failed="Failed to fetch settings"
          queryKey={SETTINGS_KEY}
        />
      )}
      {/* Seeded once: after a save the form already holds what the server stored, and stays on its tab. */}
      {settings.data && <SettingsForm initial={settings.data} />}
    </OwnerPage>
  );
}

function SettingsForm({ initial }: { initial: Settings }) {
  const { user } = useAuth();
  const { theme, setTheme } = useTheme();
  const queryClient = useQueryClient();
  const [section, setSection] = useState<Section>('profile');
  const [form, setForm] = useState<Settings>(initial);
  const errors = settingsErrors(form);
  const invalid = Object.keys(errors).length > 0;

  const save = useMutation({
    mutationFn: (next: Settings) => api.updateSettings(next),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
      // The mail status names the owner's address (test sends go there).
      await queryClient.invalidateQueries({ queryKey: MAIL_STATUS_KEY });
      // The Profile's display name and bio are the blog's author.
      await queryClient.invalidateQueries({ queryKey: SITE_KEY });
      toast({ title: 'Settings updated', description: 'Your preferences have been saved successfully.' });
    },
    onError: () => {
      toast({
        title: 'Error saving settings',
        description: 'An error occurred while saving your settings. Please try again.',
        variant: 'destructive',
      });
    },
  });

  function update<K extends keyof Settings>(key: K, value: Settings[K]) {
    setForm((f) => {
      const next = { ...f, [key]: value };
      // The look follows the form at once; Save makes it stick for every device.
      if (key === 'fontSize' || key === 'compactMode') applyDisplaySettings(next);
      return next;
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invalid) return;
    save.mutate({
      ...form,
      theme,
      displayName: form.displayName.trim(),
      bio: form.bio.trim(),
      // An empty field means no address (the server stores null).
      ownerEmail: form.ownerEmail?.trim() || null,
    });
  }

  const saveBar = (
    <Stack direction="row" align="center" gap="4" mt="6">
      <Button type="submit" loading={save.isPending} loadingText="Saving..." disabled={invalid}>
        Save Settings
      </Button>
      {save.isError && (
        <Text role="alert" color="fg.error" fontSize="sm">
          Failed to update settings
        </Text>
      )}
    </Stack>
  );

  return (
    <Tabs.Root value={section} onValueChange={(e) => setSection(e.value as Section)} variant="line">
      {/* Wider than a phone: the row scrolls, each tab keeps its label's width (shrunk, the labels overlapped). */}
      <Tabs.List mb="6" overflowX="auto" css={{ '& > [role=tab]': { flexShrink: 0 } }}>
        <Tabs.Trigger value="profile">Profile</Tabs.Trigger>
        <Tabs.Trigger value="site">Site</Tabs.Trigger>
        <Tabs.Trigger value="appearance">Appearance</Tabs.Trigger>
        <Tabs.Trigger value="notifications">Notifications</Tabs.Trigger>
        <Tabs.Trigger value="security">Security</Tabs.Trigger>
        <Tabs.Trigger value="vault">Locked notes</Tabs.Trigger>
      </Tabs.List>

      <Tabs.Content value="profile">
        <form onSubmit={onSubmit} noValidate aria-label="Profile">
          <SectionCard title="Profile" description="How you appear on your blog and in the app.">
            <Field.Root readOnly>
              <Field.Label>Username</Field.Label>
              <Input value={user?.username ?? ''} readOnly />
              <Field.HelperText>Your username cannot be changed.</Field.HelperText>
            </Field.Root>
            <Field.Root invalid={!!errors.displayName}>
              <Field.Label>Display name</Field.Label>
              <Input
                name="displayName"
                value={form.displayName}
                onChange={(e) => update('displayName', e.target.value)}
              />
              <Field.ErrorText>{errors.displayName}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.bio}>
              <Field.Label>Bio</Field.Label>
              <Textarea
                name="bio"
                rows={4}
                value={form.bio}
                onChange={(e) => update('bio', e.target.value)}
              />
              <Field.ErrorText>{errors.bio}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.ownerEmail}>
              <Field.Label>Email</Field.Label>
              <Input
                name="ownerEmail"
                type="email"
                autoComplete="email"
                value={form.ownerEmail ?? ''}
                onChange={(e) => update('ownerEmail', e.target.value)}
              />
              {errors.ownerEmail ? (
                <Field.ErrorText>{errors.ownerEmail}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  Where the site mails you: comment alerts, the weekly summary and test e-mails. Never shown
                  on the blog.
                </Field.HelperText>
              )}
            </Field.Root>
          </SectionCard>
          {saveBar}
        </form>
      </Tabs.Content>

      <Tabs.Content value="site">
        <SectionCard title="Site" description="Your blog's name, category tabs and footer links.">
          <SiteSection />
        </SectionCard>
      </Tabs.Content>

      <Tabs.Content value="appearance">
        <form onSubmit={onSubmit} noValidate aria-label="Appearance">
          <SectionCard title="Appearance" description="Theme, layout and text size.">
            <SelectField
              label="Theme"
              value={theme}
              options={[
                ['light', 'Light'],
                ['dark', 'Dark'],
                ['system', 'System'],
              ]}
              onChange={(v) => setTheme(v as Theme)}
            />
            <SelectField
              label="Default note view"
              value={form.defaultNoteView}
              options={[
                ['grid', 'Grid'],
                ['list', 'List'],
              ]}
              onChange={(v) => update('defaultNoteView', v as Settings['defaultNoteView'])}
            />
            <SelectField
              label="Font size"
              value={form.fontSize}
              options={[
                ['small', 'Small'],
                ['medium', 'Medium'],
                ['large', 'Large'],
              ]}
              onChange={(v) => update('fontSize', v as Settings['fontSize'])}
            />
            <SwitchField
              label="Compact mode"
              help="Tighter spacing to fit more on the screen."
              checked={form.compactMode}
              onChange={(v) => update('compactMode', v)}
            />
          </SectionCard>
          <SectionCard title="Editor and AI" description="Drafts and AI helpers.">
            <Field.Root invalid={!!errors.autoSaveInterval}>
              <Field.Label>Auto-save interval (seconds)</Field.Label>
              <Input
                type="number"
                name="autoSaveInterval"
                min={AUTO_SAVE_MIN}
                max={AUTO_SAVE_MAX}
                step={1}
                maxW="40"
                value={Number.isNaN(form.autoSaveInterval) ? '' : form.autoSaveInterval}
                onChange={(e) =>
                  update('autoSaveInterval', e.target.value === '' ? Number.NaN : Number(e.target.value))
                }
              />
              {errors.autoSaveInterval ? (
                <Field.ErrorText>{errors.autoSaveInterval}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  {form.autoSaveInterval === 0
                    ? 'Auto-save disabled'
                    : `Your note is saved every ${form.autoSaveInterval} seconds while you edit. 0 turns it off.`}
                </Field.HelperText>
              )}
            </Field.Root>
            <SwitchField
              label="AI features"
              help="Show the AI helpers: tag suggestions, insights, study material and the AI assistant."
              checked={form.aiFeatures}
              onChange={(v) => update('aiFeatures', v)}
            />
          </SectionCard>
          {saveBar}
        </form>
      </Tabs.Content>

      <Tabs.Content value="notifications">
        <form onSubmit={onSubmit} noValidate aria-label="Notifications">
          <SectionCard title="Notifications" description="What the site e-mails you about.">
            <SwitchField
              label="Email notifications"
              help="An e-mail when a new comment waits for moderation."
              checked={form.emailNotifications}
              onChange={(v) => update('emailNotifications', v)}
            />
            <SwitchField
              label="Weekly digest"
              help="A weekly summary of new subscribers, comments and post views."
              checked={form.weeklyDigest}
              onChange={(v) => update('weeklyDigest', v)}
            />
            {form.ownerEmail?.trim() ? null : (
              <Text fontSize="sm" color="fg.muted">
                Add your address under Profile › Email to receive these.
              </Text>
            )}
          </SectionCard>
          <SectionCard title="E-mail delivery" description="How the site's mail leaves this server.">
            <MailTransportPanel />
          </SectionCard>
          {saveBar}
        </form>
      </Tabs.Content>

      <Tabs.Content value="security">
        <SectionCard title="Security" description="Change the password you sign in with.">
          <SecuritySection />
        </SectionCard>
        <SectionCard title="Sign-in" description="Passkeys, a second factor, and the devices signed in.">
          <PasskeysPanel />
          <TwoFactorPanel />
          <SessionsPanel />
        </SectionCard>
      </Tabs.Content>

      <Tabs.Content value="vault">
        <SectionCard
          title="Locked notes"
          description="Notes encrypted on your devices: the server never holds their text."
        >
          {section === 'vault' ? (
            <Suspense fallback={<Text color="fg.muted">Loading…</Text>}>
              <VaultSettings />
            </Suspense>
          ) : null}
        </SectionCard>
      </Tabs.Content>
    </Tabs.Root>
  );
}
