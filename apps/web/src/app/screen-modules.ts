import type { ScreenModules } from '../lib/router';

const modules = import.meta.glob<Record<string, unknown>>('../features/*/*Screen.tsx');

/** Every screen's lazy module by its route-table name (`loan-details/LoanDetailsScreen`): one chunk each. */
export const screenModules: ScreenModules = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [file.replace(/^\.\.\/features\//, '').replace(/\.tsx$/, ''), load]),
);
