// The repository's own lint rules: the architecture's boundaries (docs/ARCHITECTURE.md).
import layers from './layers.js';
import nativeHost from './native-host.js';
import serverModuleBoundaries from './server-module-boundaries.js';
import serverRoutesNoRepository from './server-routes-no-repository.js';

export default {
  meta: { name: 'lend' },
  rules: {
    layers,
    'native-host': nativeHost,
    'server-module-boundaries': serverModuleBoundaries,
    'server-routes-no-repository': serverRoutesNoRepository,
  },
};
