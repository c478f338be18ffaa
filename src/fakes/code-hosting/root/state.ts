/** The API root keeps no state: its answer is the request's host's URL templates. */
export {};
