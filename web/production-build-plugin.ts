// A build is always the production build, also when started by a process that set NODE_ENV (vitest sets
// "test", and a test that builds the app passes it on). Vite decides after the plugins' config hooks, from
// NODE_ENV: a development build would make the server-rendering bundle import React's development JSX
// runtime, which React's production build (loaded by the server under NODE_ENV=production, as `npm start`
// runs it) does not have, and would ship React's development build to browsers.
import type { Plugin } from 'vite';

export function productionBuild(): Plugin {
  return {
    name: 'private-notes:production-build',
    config(_config, { command }) {
      if (command === 'build') process.env.NODE_ENV = 'production';
    },
  };
}
