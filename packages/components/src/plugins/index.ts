export { Plugins, getInstallErrors } from './plugins.js';
export type { PluginsProps, PluginsInstallResponse } from './plugins.js';
