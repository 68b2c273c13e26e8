/** Which Chromium the browser tests launch, and with which flags. */
export function browserLaunchOptions(): Promise<{ executablePath: string; args: string[]; source: string }>;
