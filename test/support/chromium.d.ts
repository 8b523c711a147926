/** The system Chromium (never a downloaded browser). */
export declare const CHROMIUM_PATH: string;
/** The flags it runs with here: headless, and no background traffic on a closed network. */
export declare const CHROMIUM_FLAGS: string[];
