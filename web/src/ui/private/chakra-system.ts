// The Chakra UI system for the owner's screens: Chakra's defaults with its preflight off (the global CSS
// has the matching reset) and its key colours pointing at the project's CSS variables, so both halves of
// the app look alike and the `dark` class on <html> switches both. Imported only by the private layout.
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const v = (name: string) => ({ value: `var(--pn-${name})` });

const config = defineConfig({
  preflight: false,
  theme: {
    tokens: {
      fonts: {
        body: { value: 'var(--pn-font-sans)' },
        heading: { value: 'var(--pn-font-sans)' },
        mono: { value: 'var(--pn-font-mono)' },
      },
    },
    semanticTokens: {
      colors: {
        bg: {
          DEFAULT: v('bg'),
          subtle: v('bg-subtle'),
          muted: v('bg-muted'),
          panel: v('bg'),
          error: v('danger-bg'),
        },
        fg: {
          DEFAULT: v('fg'),
          muted: v('fg-muted'),
          error: v('danger'),
          success: v('success'),
        },
        border: {
          DEFAULT: v('border'),
          error: v('danger'),
        },
        brand: {
          solid: v('primary'),
          contrast: v('primary-fg'),
          fg: v('primary'),
          muted: v('accent'),
          subtle: v('accent'),
          emphasized: v('accent'),
          focusRing: v('focus'),
        },
      },
      radii: {
        l1: { value: 'var(--pn-radius-sm)' },
        l2: { value: 'var(--pn-radius-sm)' },
        l3: { value: 'var(--pn-radius)' },
      },
    },
  },
  globalCss: {
    html: { colorPalette: 'brand' },
  },
});

export const chakraSystem = createSystem(defaultConfig, config);
