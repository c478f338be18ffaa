/** The API root has nothing to seed. */
export {};
