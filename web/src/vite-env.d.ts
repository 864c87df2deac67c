// Types for Vite's client features (import.meta.env, CSS modules).
/// <reference types="vite/client" />
