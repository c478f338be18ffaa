import type { Resource } from '../core/catalog/state.js';

/** The release indexes. */
export interface ReleaseSlice {
  /** `<repo id>:<tag>` → release id (one release per tag). */
  byTag: Record<string, number>;
  /** Repository id → release ids, oldest `created_at` first. */
  order: Record<string, number[]>;
  /** Release id → its asset ids, in upload order. */
  assets: Record<string, number[]>;
  /** Asset id → release id. */
  assetRelease: Record<string, number>;
}

/** Empty release indexes. */
export function initialReleaseSlice(): ReleaseSlice {
  return { byTag: {}, order: {}, assets: {}, assetRelease: {} };
}

/** The stored fields of a release. */
export interface ReleaseRecord extends Resource {
  id: number;
  tag_name: string;
  target_commitish: string;
  name: string | null;
  body: string | null;
  draft: boolean;
  prerelease: boolean;
  make_latest?: string;
  created_at: string;
  published_at: string | null;
  updated_at: string;
  /** Login of the account that created it. */
  author: string;
}
