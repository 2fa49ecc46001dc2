// Types for server-build.mjs, which the TypeScript test set-ups import.
export declare const serverDist: string;
export declare const cliEntry: string;
export declare function serverBuildIsStale(): boolean;
export declare function buildServer(): Promise<number>;
export declare function ensureServerBuild(options?: { quiet?: boolean }): Promise<boolean>;
export declare function serverEnvironment(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function serverCommand(): [string, ...string[]];
export declare function cliCommand(): [string, ...string[]];
