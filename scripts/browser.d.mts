export declare const systemChromium: string
export declare const chromiumArgs: readonly string[]
export declare function findPlaywrightChromium(): string | null
export declare function findBrowser(): string | null
export declare const systemHeadlessShell: string
export declare function findTestBrowser(): string | null
