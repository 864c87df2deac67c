export declare const SUPPORTED_NODE: string;
export declare function supportsNode(version: string): boolean;
