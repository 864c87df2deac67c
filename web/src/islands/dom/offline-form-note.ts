// What a visitor's form says when it is sent offline (islands/dom/offline-forms.ts, and the live islands).
export const OFFLINE_FORM_NOTE =
  'You are offline: sending this needs a connection. What you typed stays here; press the button again once you are back online.';
