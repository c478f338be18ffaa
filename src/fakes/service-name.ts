/** The three fakes. */
export const SERVICE_NAMES = ['codeHosting', 'socialGraph', 'modelCache'] as const;
/** One of the three fakes. */
export type ServiceName = (typeof SERVICE_NAMES)[number];
