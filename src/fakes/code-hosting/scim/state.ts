/**
 * The scim family keeps no slice of its own: provisioned users and groups of an enterprise are
 * catalog records at `/scim/v2/enterprises/<enterprise>/Users/<id>` and `.../Groups/<id>`, stored by
 * the generic engine; the family adds what SCIM answers carry (`meta`) and applies SCIM PATCH operations.
 */

/** The SCIM resource type of a path's collection. */
export type ScimType = 'User' | 'Group';

/** The SCIM resource type of a concrete key (`.../Users/<id>` or `.../Groups/<id>`). */
export const scimTypeOf = (key: string): ScimType => (/\/Groups(\/|$)/.test(key) ? 'Group' : 'User');
