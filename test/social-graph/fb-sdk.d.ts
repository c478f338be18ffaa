/** Minimal typings of facebook-nodejs-business-sdk (it ships none) for the social graph tests. */
declare module 'facebook-nodejs-business-sdk' {
  /** A Graph object: raw JSON in `_data`. */
  class AbstractCrudObject {
    constructor(id?: string | null, fields?: Record<string, unknown>, parentId?: string | null);
    _data: Record<string, unknown> & { id?: string };
    get(fields?: string[], params?: Record<string, unknown>): Promise<this>;
    update(fields?: string[], params?: Record<string, unknown>): Promise<Record<string, unknown>>;
    delete(fields?: string[], params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  }
  /** An edge read: an array of objects with paging. */
  interface Cursor<T = AbstractCrudObject> extends Array<T> {
    hasNext(): boolean;
    hasPrevious(): boolean;
    next(): Promise<Cursor<T>>;
    previous(): Promise<Cursor<T>>;
    paging: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
    summary?: unknown;
  }
  class Page extends AbstractCrudObject {
    getFeed(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    createFeed(fields?: string[], params?: Record<string, unknown>): Promise<AbstractCrudObject>;
    getPublishedPosts(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    getScheduledPosts(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    getVisitorPosts(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    getTagged(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    getSubscribedApps(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    createSubscribedApp(fields?: string[], params?: Record<string, unknown>): Promise<AbstractCrudObject>;
    createLeadGenForm(fields?: string[], params?: Record<string, unknown>): Promise<AbstractCrudObject>;
    createPersona(fields?: string[], params?: Record<string, unknown>): Promise<AbstractCrudObject>;
    createAssignedUser(fields?: string[], params?: Record<string, unknown>): Promise<AbstractCrudObject>;
    getPhotos(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    getVideos(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    getInsights(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    getRatings(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    getConversations(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    getRoles(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    getThreads(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    getThreadOwner(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
    [method: string]: unknown;
  }
  class PagePost extends AbstractCrudObject {}
  class Photo extends AbstractCrudObject {}
  class LiveVideo extends AbstractCrudObject {}
  class Album extends AbstractCrudObject {}
  class Persona extends AbstractCrudObject {}
  class UnifiedThread extends AbstractCrudObject {
    getMessages(fields?: string[], params?: Record<string, unknown>): Promise<Cursor>;
  }
  class AdAccount extends AbstractCrudObject {
    [method: string]: unknown;
  }
  class CustomAudience extends AbstractCrudObject {}
  class FacebookAdsApi {
    static init(token: string, locale?: string, crashLog?: boolean): FacebookAdsApi;
    setDebug(on: boolean): FacebookAdsApi;
  }
  class FacebookRequestError extends Error {
    status: number;
    response: Record<string, unknown>;
  }
  const bizSdk: {
    FacebookAdsApi: typeof FacebookAdsApi;
    Page: typeof Page;
    PagePost: typeof PagePost;
    Photo: typeof Photo;
    LiveVideo: typeof LiveVideo;
    Album: typeof Album;
    Persona: typeof Persona;
    UnifiedThread: typeof UnifiedThread;
    AdAccount: typeof AdAccount;
    CustomAudience: typeof CustomAudience;
    FacebookRequestError: typeof FacebookRequestError;
  };
  export default bizSdk;
  export { AbstractCrudObject, AdAccount, Cursor, CustomAudience, FacebookAdsApi, FacebookRequestError, Page, PagePost };
}
