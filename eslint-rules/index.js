// The repository's own lint rules: the architecture's boundaries (docs/ARCHITECTURE.md).
import layers from './layers.js';
import nativeHost from './native-host.js';
import serverFacesNoSql from './server-faces-no-sql.js';
import serverModuleBoundaries from './server-module-boundaries.js';
import serverModuleFloors from './server-module-floors.js';
import serverRoutesNoRepository from './server-routes-no-repository.js';
import serverTableOwners from './server-table-owners.js';

export default {
  meta: { name: 'lend' },
  rules: {
    layers,
    'native-host': nativeHost,
    'server-faces-no-sql': serverFacesNoSql,
    'server-module-boundaries': serverModuleBoundaries,
    'server-module-floors': serverModuleFloors,
    'server-routes-no-repository': serverRoutesNoRepository,
    'server-table-owners': serverTableOwners,
  },
};
