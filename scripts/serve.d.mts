export declare function serve(): void;
