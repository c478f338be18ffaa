/**
 * The events family has no seed helpers: events are derived from the writes the fake sees (the API's
 * and the seed helpers' writes that go through the catalog pipeline), never seeded on their own, so a
 * timeline always agrees with the state it describes. To put events in place, make the writes.
 */
export {};
