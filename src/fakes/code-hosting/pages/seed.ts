/**
 * The pages family has no seeder of its own: `seed.resource('/repos/<owner>/<repo>/pages', site)` stores
 * the site as a generic catalog record (with the `cname` and `https_certificate` it names).
 */
export {};
