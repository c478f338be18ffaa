/**
 * The artifacts family has no seeder of its own: a job seeded by path
 * (`seed.resource('/orgs/<org>/artifacts/metadata/deployment-record/cluster/<cluster>/jobs/<id>', body)`)
 * is a generic catalog record, answered in the state it names (`status`, default `completed`).
 */
export {};
