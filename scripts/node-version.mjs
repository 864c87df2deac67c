// The Node versions the project runs on: the same range as `engines.node` in package.json (a test keeps the
// two in step), checked by `npm start` before anything else so an unsupported Node gets a clear message
// instead of a failure deep inside a dependency.
export const SUPPORTED_NODE = '^20.19.0 || ^22.12.0 || >=24.0.0';

/** Whether `version` ("20.19.2", with or without a leading "v") is in SUPPORTED_NODE. */
export function supportsNode(version) {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 24;
}
