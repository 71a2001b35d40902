export declare const SERVER_ALLOCATOR_ENV: Record<string, string>;
export declare const SERVER_NODE_OPTIONS: string[];
export declare function serverEnv<E extends Record<string, string | undefined>>(env: E): E & Record<string, string>;
