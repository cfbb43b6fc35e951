export declare function migrations(): { name: string; sql: string }[];
export declare function seedSql(asOf: string): string;
export declare function splitSql(sql: string): string[];
export declare function execSql(db: D1Database, sql: string): Promise<void>;
export declare function applyMigrations(db: D1Database): Promise<string[]>;
